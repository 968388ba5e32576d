# \N{...} named unicode escapes
print("\N{GREEK SMALL LETTER ALPHA}", "\N{SNOWMAN}", "\N{LATIN SMALL LETTER E WITH ACUTE}")
print(len("\N{EURO SIGN}"), ord("\N{EURO SIGN}"), "\N{SPACE}" == " ")
print(repr("a\N{NO-BREAK SPACE}b"), "\N{DIGIT ONE}\N{DIGIT TWO}")
