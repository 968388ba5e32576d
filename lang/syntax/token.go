package syntax

import "fmt"

// A Token is a lexical token kind.
type Token int8

// The tokens of the language. Operators keep Python's spelling in String.
const (
	ILLEGAL Token = iota
	EOF

	NEWLINE
	INDENT
	OUTDENT

	// Literals and names.
	IDENT   // x
	INT     // 123, 0x1f, 1_000
	FLOAT   // 1.5, 1e3
	STRING  // "abc", '''abc''', r"\d"
	FSTRING // f"x={x:>4}"

	// Magics and help. The scanner recognizes them only where a statement starts.
	LINEMAGIC // %name args            (text: "name args")
	CELLMAGIC // %%name args\nbody     (first line of a cell only)
	QUESTION  // ? or ?? for help

	// Punctuation.
	PLUS          // +
	MINUS         // -
	STAR          // *
	SLASH         // /
	SLASHSLASH    // //
	PERCENT       // %
	STARSTAR      // **
	AT            // @
	AMP           // &
	PIPE          // |
	CIRCUMFLEX    // ^
	TILDE         // ~
	LTLT          // <<
	GTGT          // >>
	LT            // <
	GT            // >
	LE            // <=
	GE            // >=
	EQL           // ==
	NEQ           // !=
	EQ            // =
	PLUS_EQ       // +=
	MINUS_EQ      // -=
	STAR_EQ       // *=
	SLASH_EQ      // /=
	SLASHSLASH_EQ // //=
	PERCENT_EQ    // %=
	STARSTAR_EQ   // **=
	AT_EQ         // @=
	AMP_EQ        // &=
	PIPE_EQ       // |=
	CIRCUMFLEX_EQ // ^=
	LTLT_EQ       // <<=
	GTGT_EQ       // >>=
	LPAREN        // (
	RPAREN        // )
	LBRACK        // [
	RBRACK        // ]
	LBRACE        // {
	RBRACE        // }
	COMMA         // ,
	COLON         // :
	DOT           // .
	SEMI          // ;
	ARROW         // ->
	ELLIPSIS      // ...
	WALRUS        // :=  (recognized so that the parser can reject it clearly)

	// Keywords.
	AND
	AS
	ASSERT
	BREAK
	CLASS
	CONTINUE
	DEF
	DEL
	ELIF
	ELSE
	EXCEPT
	FALSE
	FINALLY
	FOR
	FROM
	GLOBAL
	IF
	IMPORT
	IN
	IS
	LAMBDA
	NONE
	NONLOCAL
	NOT
	OR
	PASS
	RAISE
	RETURN
	TRUE
	TRY
	WHILE
	WITH
	YIELD
	ASYNC // reserved: rejected with a clear message
	AWAIT // reserved: rejected with a clear message

	// Operators that only the parser produces, for chained comparisons.
	NOT_IN // not in
	IS_NOT // is not

	maxToken
)

var tokenNames = [...]string{
	ILLEGAL:       "illegal token",
	EOF:           "end of input",
	NEWLINE:       "newline",
	INDENT:        "indent",
	OUTDENT:       "dedent",
	IDENT:         "identifier",
	INT:           "integer literal",
	FLOAT:         "float literal",
	STRING:        "string literal",
	FSTRING:       "f-string",
	LINEMAGIC:     "line magic",
	CELLMAGIC:     "cell magic",
	QUESTION:      "?",
	PLUS:          "+",
	MINUS:         "-",
	STAR:          "*",
	SLASH:         "/",
	SLASHSLASH:    "//",
	PERCENT:       "%",
	STARSTAR:      "**",
	AT:            "@",
	AMP:           "&",
	PIPE:          "|",
	CIRCUMFLEX:    "^",
	TILDE:         "~",
	LTLT:          "<<",
	GTGT:          ">>",
	LT:            "<",
	GT:            ">",
	LE:            "<=",
	GE:            ">=",
	EQL:           "==",
	NEQ:           "!=",
	EQ:            "=",
	PLUS_EQ:       "+=",
	MINUS_EQ:      "-=",
	STAR_EQ:       "*=",
	SLASH_EQ:      "/=",
	SLASHSLASH_EQ: "//=",
	PERCENT_EQ:    "%=",
	STARSTAR_EQ:   "**=",
	AT_EQ:         "@=",
	AMP_EQ:        "&=",
	PIPE_EQ:       "|=",
	CIRCUMFLEX_EQ: "^=",
	LTLT_EQ:       "<<=",
	GTGT_EQ:       ">>=",
	LPAREN:        "(",
	RPAREN:        ")",
	LBRACK:        "[",
	RBRACK:        "]",
	LBRACE:        "{",
	RBRACE:        "}",
	COMMA:         ",",
	COLON:         ":",
	DOT:           ".",
	SEMI:          ";",
	ARROW:         "->",
	ELLIPSIS:      "...",
	WALRUS:        ":=",
	AND:           "and",
	AS:            "as",
	ASSERT:        "assert",
	BREAK:         "break",
	CLASS:         "class",
	CONTINUE:      "continue",
	DEF:           "def",
	DEL:           "del",
	ELIF:          "elif",
	ELSE:          "else",
	EXCEPT:        "except",
	FALSE:         "False",
	FINALLY:       "finally",
	FOR:           "for",
	FROM:          "from",
	GLOBAL:        "global",
	IF:            "if",
	IMPORT:        "import",
	IN:            "in",
	IS:            "is",
	LAMBDA:        "lambda",
	NONE:          "None",
	NONLOCAL:      "nonlocal",
	NOT:           "not",
	OR:            "or",
	PASS:          "pass",
	RAISE:         "raise",
	RETURN:        "return",
	TRUE:          "True",
	TRY:           "try",
	WHILE:         "while",
	WITH:          "with",
	YIELD:         "yield",
	ASYNC:         "async",
	AWAIT:         "await",
	NOT_IN:        "not in",
	IS_NOT:        "is not",
}

// String returns the token's spelling, or a description for tokens without one.
func (t Token) String() string {
	if t >= 0 && int(t) < len(tokenNames) && tokenNames[t] != "" {
		return tokenNames[t]
	}
	return fmt.Sprintf("token(%d)", int(t))
}

// Keywords maps each keyword's spelling to its token.
var Keywords = map[string]Token{
	"and":      AND,
	"as":       AS,
	"assert":   ASSERT,
	"break":    BREAK,
	"class":    CLASS,
	"continue": CONTINUE,
	"def":      DEF,
	"del":      DEL,
	"elif":     ELIF,
	"else":     ELSE,
	"except":   EXCEPT,
	"False":    FALSE,
	"finally":  FINALLY,
	"for":      FOR,
	"from":     FROM,
	"global":   GLOBAL,
	"if":       IF,
	"import":   IMPORT,
	"in":       IN,
	"is":       IS,
	"lambda":   LAMBDA,
	"None":     NONE,
	"nonlocal": NONLOCAL,
	"not":      NOT,
	"or":       OR,
	"pass":     PASS,
	"raise":    RAISE,
	"return":   RETURN,
	"True":     TRUE,
	"try":      TRY,
	"while":    WHILE,
	"with":     WITH,
	"yield":    YIELD,
	"async":    ASYNC,
	"await":    AWAIT,
}

// IsKeyword reports whether t is a keyword token.
func (t Token) IsKeyword() bool { return t >= AND && t <= AWAIT }

// AugmentedBase returns the binary operator of an augmented assignment token
// (PLUS for PLUS_EQ), or ILLEGAL if t is not one.
func (t Token) AugmentedBase() Token {
	switch t {
	case PLUS_EQ:
		return PLUS
	case MINUS_EQ:
		return MINUS
	case STAR_EQ:
		return STAR
	case SLASH_EQ:
		return SLASH
	case SLASHSLASH_EQ:
		return SLASHSLASH
	case PERCENT_EQ:
		return PERCENT
	case STARSTAR_EQ:
		return STARSTAR
	case AT_EQ:
		return AT
	case AMP_EQ:
		return AMP
	case PIPE_EQ:
		return PIPE
	case CIRCUMFLEX_EQ:
		return CIRCUMFLEX
	case LTLT_EQ:
		return LTLT
	case GTGT_EQ:
		return GTGT
	}
	return ILLEGAL
}
