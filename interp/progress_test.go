package interp

import (
	"context"
	"strings"
	"testing"
	"time"
)

func TestFormatInterval(t *testing.T) {
	for _, tc := range []struct {
		seconds float64
		want    string
	}{
		{0, "00:00"},
		{0.99, "00:00"},
		{1, "00:01"},
		{62.5, "01:02"},
		{3599, "59:59"},
		{3600, "1:00:00"},
		{3723, "1:02:03"},
		{100 * 3600, "100:00:00"},
	} {
		if got := formatInterval(tc.seconds); got != tc.want {
			t.Errorf("formatInterval(%v) = %q, want %q", tc.seconds, got, tc.want)
		}
	}
}

func TestFormatRate(t *testing.T) {
	for _, tc := range []struct {
		rate float64
		unit string
		want string
	}{
		{0, "it", "?it/s"},
		{38.2139, "it", "38.21it/s"},
		{2, "it", " 2.00it/s"},
		{1, "it", " 1.00it/s"},
		{0.5, "it", " 2.00s/it"},
		{1 / 75.0, "batch", "75.00s/batch"},
		{999.994, "it", "999.99it/s"},
		{1234.5, "it", "1.23kit/s"},
		{45678, "B", "45.7kB/s"},
		{2.5e6, "it", "2.50Mit/s"},
	} {
		if got := formatRate(tc.rate, tc.unit); got != tc.want {
			t.Errorf("formatRate(%v, %q) = %q, want %q", tc.rate, tc.unit, got, tc.want)
		}
	}
}

func TestFormatSI(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		want string
	}{
		{0, "0.00"},
		{9.994, "9.99"},
		{9.995, "10.0"},
		{99.94, "99.9"},
		{99.95, "100"},
		{999.4, "999"},
		{999.5, "1.00k"},
		{123456, "123k"},
		{1e9, "1.00G"},
		{1e24, "1.0Y"},
		{1e27, "1000.0Y"},
	} {
		if got := formatSI(tc.x); got != tc.want {
			t.Errorf("formatSI(%v) = %q, want %q", tc.x, got, tc.want)
		}
	}
}

func TestFormatBar(t *testing.T) {
	for _, tc := range []struct {
		frac  float64
		width int
		want  string
	}{
		{0, 10, "          "},
		{0.45, 10, "████▌     "},
		{0.01, 10, "          "},
		{0.0125, 10, "▏         "},
		{0.99, 10, "█████████▉"},
		{1, 10, "██████████"},
		{1.5, 4, "████"},
		{-1, 4, "    "},
		{0.5, 1, "▌"},
	} {
		if got := formatBar(tc.frac, tc.width); got != tc.want {
			t.Errorf("formatBar(%v, %d) = %q, want %q", tc.frac, tc.width, got, tc.want)
		}
	}
}

func TestFormatPostfixNumber(t *testing.T) {
	for _, tc := range []struct {
		x    float64
		text string // str(x)
		want string
	}{
		{0.123456, "0.123456", "0.123"},
		{0.9, "0.9", "0.9"},
		{100, "100", "100"},
		{12345, "12345", "12345"},
		{123456789, "123456789", "1.23e+8"},
		{1e-5, "1e-05", "1e-5"},
		{0.000123456, "0.000123456", "0.000123"},
		{-0.5, "-0.5", "-.5"},
		{2.0, "2.0", "2"},
	} {
		if got := formatPostfixNumber(tc.x, tc.text); got != tc.want {
			t.Errorf("formatPostfixNumber(%v, %q) = %q, want %q", tc.x, tc.text, got, tc.want)
		}
	}
}

func TestFormatMeter(t *testing.T) {
	for _, tc := range []struct {
		m    meter
		want string
	}{
		{meter{n: 45, total: 100, elapsed: 1.2, desc: "desc", unit: "it", postfix: "loss=0.123", ncols: 66},
			"desc:  45%|████▌     | 45/100 [00:01<00:01, 37.50it/s, loss=0.123]"},
		{meter{n: 0, total: 100, unit: "it", ncols: 48},
			"  0%|                   | 0/100 [00:00<?, ?it/s]"},
		{meter{n: 5, total: 5, elapsed: 2.5, unit: "it", ncols: 44},
			"100%|█████████| 5/5 [00:02<00:00,  2.00it/s]"},
		// The bar keeps a cell when the texts fill the line.
		{meter{n: 1, total: 2, elapsed: 1, unit: "it", postfix: "a very long postfix", ncols: 20},
			" 50%|▌| 1/2 [00:01<00:01,  1.00it/s, a very long postfix]"},
		// Without a total, or past it, the count and rate only.
		{meter{n: 45, elapsed: 1.2, desc: "read", unit: "B", ncols: 80},
			"read: 45B [00:01, 37.50B/s]"},
		{meter{n: 12, total: 10, elapsed: 3, unit: "it", ncols: 80},
			"12it [00:03,  4.00it/s]"},
		{meter{n: 12, elapsed: 3, unit: "it", postfix: "loss=1", ncols: 15},
			"12it [00:03,  4"},
		{meter{n: 2.5, total: 10, elapsed: 10, unit: "it", ncols: 48},
			" 25%|██▌       | 2.5/10 [00:10<00:30,  4.00s/it]"},
		{meter{n: 3000, total: 6000, elapsed: 1, unit: "it", ncols: 51},
			" 50%|█████     | 3000/6000 [00:01<00:01, 3.00kit/s]"},
	} {
		if got := formatMeter(tc.m); got != tc.want {
			t.Errorf("formatMeter(%+v) =\n%q, want\n%q", tc.m, got, tc.want)
		}
	}
}

// fakeClock makes the progress bars' time stand still in a test, except
// as the program moves it with tick(seconds).
func fakeClock(t *testing.T, s *Session) {
	t.Helper()
	now := time.Date(2024, 1, 1, 0, 0, 0, 0, time.UTC)
	saved := progressNow
	progressNow = func() time.Time { return now }
	t.Cleanup(func() { progressNow = saved })
	s.Globals().Set("tick", &Builtin{Name: "tick", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
		seconds, err := realArg(args[0])
		now = now.Add(time.Duration(seconds * float64(time.Second)))
		return None, err
	}})
}

// streamSink keeps stdout and stderr apart, and the errors.
type streamSink struct {
	bundleSink
	stdout, stderr strings.Builder
}

func (s *streamSink) Stdout(text string) { s.stdout.WriteString(text) }
func (s *streamSink) Stderr(text string) { s.stderr.WriteString(text) }

// lastLine is the line a terminal shows last of text written with '\r'.
func lastLine(text string) string {
	text = strings.TrimSuffix(text, "\n")
	return text[strings.LastIndexAny(text, "\r\n")+1:]
}

// TestProgressTerminal runs loops over progress bars with the clock in the
// program's hands, and checks what stderr shows.
func TestProgressTerminal(t *testing.T) {
	for _, tc := range []struct {
		name, code string
		stdout     string
		draws      int    // lines written, the first one's included
		last       string // what the terminal shows last; "" for a bar 40 wide that is erased
	}{
		{"range", `
for i in progress(range(5), ncols=50):
    tick(0.5)
`, "", 6, "100%|███████████████| 5/5 [00:02<00:00,  2.00it/s]\n"},
		// Draws come at most every mininterval seconds, and always at the end.
		{"throttled", `
for i in progress(range(10), desc="epochs", ncols=60, mininterval=2):
    tick(0.5)
`, "", 4, "epochs: 100%|███████████████| 10/10 [00:05<00:00,  2.00it/s]\n"},
		{"break", `
for i in progress(range(100), ncols=50, mininterval=60):
    if i == 50:
        break
    tick(0.1)
print("after", i)
`, "after 50\n", 2, " 50%|██████      | 50/100 [00:05<00:05, 10.00it/s]\n"},
		// A loop over a wrapper of the bar (enumerate, zip, ...) closes it too.
		{"enumerate break", `
for i, x in enumerate(progress("abcd", ncols=50)):
    tick(1)
    if x == "c":
        break
print("after", i)
`, "after 2\n", 4, " 50%|███████▌       | 2/4 [00:03<00:03,  1.50s/it]\n"},
		{"return", `
def first_even(xs):
    for x in progress(xs, ncols=50):
        tick(1)
        if x % 2 == 0:
            return x
print(first_even([1, 3, 4, 5]))
`, "4\n", 4, " 50%|███████▌       | 2/4 [00:03<00:03,  1.50s/it]\n"},
		{"no total", `
def gen():
    yield from range(3)
bar = progress(gen(), desc="read", unit="B")
for x in bar:
    tick(2)
print(bar.n, bar.total, bar.desc)
`, "3 None read\n", 4, "read: 3B [00:06,  2.00s/B]\n"},
		{"manual", `
with progress(total=100, ncols=72) as bar:
    for i in range(4):
        tick(1)
        bar.update(25)
        bar.set_postfix({"b": 2}, loss=0.123456, acc=0.9)
print(bar.n, bar.total, isinstance(bar, progress))
`, "100 100 True\n", 5, "100%|███████| 100/100 [00:04<00:00, 25.00it/s, b=2, acc=0.9, loss=0.123]\n"},
		{"leave False", `
for i in progress(range(3), leave=False, ncols=40):
    tick(1)
`, "", 6, ""},
		{"disabled", `
print(list(progress(range(3), disable=True)))
b = progress(total=3, disable=True)
b.update()
b.close()
`, "[0, 1, 2]\n", 0, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession()
			fakeClock(t, s)
			sink := &streamSink{}
			if err := s.Execute(context.Background(), "from msrepl import progress\n"+tc.code, sink); err != nil {
				t.Fatal(err)
			}
			if got := sink.stdout.String(); got != tc.stdout {
				t.Errorf("stdout %q, want %q", got, tc.stdout)
			}
			errText := sink.stderr.String()
			if n := strings.Count(errText, "\r"); n != tc.draws {
				t.Errorf("%d lines drawn, want %d: %q", n, tc.draws, errText)
			}
			if tc.draws == 0 {
				return
			}
			if tc.last == "" {
				if !strings.HasSuffix(errText, "\r"+strings.Repeat(" ", 40)+"\r") {
					t.Errorf("the bar was not erased: %q", errText)
				}
				return
			}
			if !strings.HasSuffix(errText, "\n") || lastLine(errText)+"\n" != tc.last {
				t.Errorf("the terminal shows last\n%q, want\n%q", lastLine(errText)+"\n", tc.last)
			}
		})
	}
}

// TestProgressException checks that an exception or an interrupt in the
// loop closes the bar, whose last line then ends before the traceback,
// and propagates, as does an error of the iterable.
func TestProgressException(t *testing.T) {
	for _, tc := range []struct {
		name, code string
		exc        string
		last       string
	}{
		{"body", `
for i in progress(range(10), ncols=50):
    tick(1)
    if i == 3:
        raise ValueError("boom")
`, "ValueError: boom", " 30%|████▏         | 3/10 [00:04<00:09,  1.33s/it]\n"},
		{"nested frames", `
def step(i):
    if i == 2:
        return {}["missing"]
def train():
    for i in progress(range(4), ncols=50):
        tick(1)
        step(i)
train()
`, "KeyError: 'missing'", " 50%|███████▌       | 2/4 [00:03<00:03,  1.50s/it]\n"},
		{"zip", `
for x, y in zip(progress(range(10), ncols=50), range(10)):
    tick(1)
    if x == 1:
        raise ValueError("boom")
`, "ValueError: boom", " 10%|█▍            | 1/10 [00:02<00:18,  2.00s/it]\n"},
		{"iterable", `
def batches():
    yield 1
    tick(1)
    raise OSError("disk gone")
for b in progress(batches(), ncols=50):
    pass
`, "OSError: disk gone", "1it [00:01,  1.00it/s]\n"},
		{"with", `
with progress(total=10, ncols=50) as bar:
    bar.update(7)
    tick(7)
    1 / 0
`, "ZeroDivisionError: division by zero", " 70%|█████████▊    | 7/10 [00:07<00:03,  1.00it/s]\n"},
		{"caught inside", `
for i in progress(range(3), ncols=50):
    tick(1)
    try:
        raise ValueError
    except ValueError:
        pass
raise RuntimeError("after")
`, "RuntimeError: after", "100%|███████████████| 3/3 [00:03<00:00,  1.00it/s]\n"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			s := NewSession()
			fakeClock(t, s)
			sink := &streamSink{}
			err := s.Execute(context.Background(), "from msrepl import progress\n"+tc.code, sink)
			if err == nil || !strings.Contains(err.Error(), tc.exc) {
				t.Fatalf("error %v, want %s", err, tc.exc)
			}
			errText := sink.stderr.String()
			if !strings.HasSuffix(errText, "\n") || lastLine(errText)+"\n" != tc.last {
				t.Errorf("the terminal shows last\n%q, want\n%q", errText, tc.last)
			}
		})
	}

	// An interrupt: the program cancels its own context.
	s := NewSession()
	fakeClock(t, s)
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	s.Globals().Set("interrupt", &Builtin{Name: "interrupt", Fn: func(th *Thread, args []Value, kwnames []string) (Value, error) {
		cancel()
		return None, nil
	}})
	sink := &streamSink{}
	err := s.Execute(ctx, `from msrepl import progress
for i in progress(range(10), ncols=50):
    tick(1)
    if i == 4:
        interrupt()
        while True:
            pass
`, sink)
	if err == nil || !strings.Contains(err.Error(), "KeyboardInterrupt") {
		t.Fatalf("error %v, want KeyboardInterrupt", err)
	}
	if got, want := lastLine(sink.stderr.String())+"\n", " 40%|█████▌        | 4/10 [00:05<00:07,  1.25s/it]\n"; !strings.HasSuffix(sink.stderr.String(), "\n") || got != want {
		t.Errorf("after an interrupt the terminal shows\n%q, want\n%q", sink.stderr.String(), want)
	}
}

// notebookSink is a front end that shows images and names displays, as
// the Jupyter kernel's sink.
type notebookSink struct {
	streamSink
	displays []notebookDisplay
}

type notebookDisplay struct {
	b      Bundle
	id     string
	update bool
}

func (n *notebookSink) ShowsImages() bool { return true }
func (n *notebookSink) DisplayWithID(b Bundle, id string, update bool) {
	n.displays = append(n.displays, notebookDisplay{b, id, update})
}

// TestProgressNotebook checks the notebook form: one display, created
// once and then updated in place, ending complete, and nothing on stderr.
func TestProgressNotebook(t *testing.T) {
	s := NewSession()
	fakeClock(t, s)
	sink := &notebookSink{}
	code := `from msrepl import progress
bar = progress(range(20), desc="epochs", ncols=60)
for i in bar:
    tick(0.05)
    bar.set_postfix(loss=1 / (i + 1))
`
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatal(err)
	}
	if sink.stderr.Len() != 0 || sink.stdout.Len() != 0 || len(sink.bundles) != 0 {
		t.Errorf("output beside the display: %q %q %d", sink.stderr.String(), sink.stdout.String(), len(sink.bundles))
	}
	// A draw at the start, every 0.1 s (two items), and at the end.
	if n := len(sink.displays); n != 12 {
		t.Errorf("%d displays, want 12", n)
	}
	first := sink.displays[0]
	if first.update || first.id == "" {
		t.Fatalf("the first display has update=%v, id %q", first.update, first.id)
	}
	for i, d := range sink.displays[1:] {
		if !d.update || d.id != first.id {
			t.Errorf("display %d: update=%v, id %q, want an update of %q", i+1, d.update, d.id, first.id)
		}
	}
	last := sink.displays[len(sink.displays)-1].b
	text, _ := last.Data["text/plain"].(string)
	html, _ := last.Data["text/html"].(string)
	if want := "epochs: 100%|████| 20/20 [00:01<00:00, 20.00it/s, loss=0.05]"; text != want {
		t.Errorf("last text %q, want %q", text, want)
	}
	for _, want := range []string{`aria-valuenow="100"`, "width:100.0%", "#4caf50", "epochs: 100%", "20/20 [00:01&lt;00:00, 20.00it/s, loss=0.05]"} {
		if !strings.Contains(html, want) {
			t.Errorf("last HTML lacks %q:\n%s", want, html)
		}
	}

	// A bar an exception stops shows red, and one that does not stay
	// empties its display.
	sink = &notebookSink{}
	err := s.Execute(context.Background(), `for i in progress(range(4)):
    raise ValueError`, sink)
	if err == nil {
		t.Fatal("the exception did not propagate")
	}
	if html, _ := sink.displays[len(sink.displays)-1].b.Data["text/html"].(string); !strings.Contains(html, "#f44336") {
		t.Errorf("a failed bar is not red:\n%s", html)
	}
	sink = &notebookSink{}
	if err := s.Execute(context.Background(), "for i in progress(range(4), leave=False): pass", sink); err != nil {
		t.Fatal(err)
	}
	if d := sink.displays[len(sink.displays)-1]; !d.update || d.b.Data["text/plain"] != "" || len(d.b.Data) != 1 {
		t.Errorf("leave=False leaves %v", d.b.Data)
	}
}

// TestProgressAPI checks progress's arguments and errors, and its help.
func TestProgressAPI(t *testing.T) {
	s := NewSession()
	fakeClock(t, s)
	sink := &streamSink{}
	code := `from msrepl import progress
import msrepl
import numpy as np
import mindspore as ms
b = progress([1, 2, 3], total=10, ncols=85)
b.set_postfix(t=ms.Tensor(0.25), a=np.float32(1.5), s=" x ", big=123456789, flag=True)
b.set_description("d")
print(b.total, b.desc, msrepl.progress is progress, type(iter(b)).__name__)
print(repr(b))
help(progress)
`
	if err := s.Execute(context.Background(), code, sink); err != nil {
		t.Fatal(err)
	}
	out := sink.stdout.String()
	for _, want := range []string{
		"10 d True progress_iterator\n",
		"d:   0%|          | 0/10 [00:00<?, ?it/s, a=1.5, big=1.23e+8, flag=True, s=x, t=0.25]\n",
		"Signature: progress(iterable=None, total=None, desc=None, unit='it', leave=True, mininterval=0.1, disable=False, ncols=None)",
	} {
		if !strings.Contains(out, want) {
			t.Errorf("output lacks %q:\n%s", want, out)
		}
	}
	for code, want := range map[string]string{
		"progress(total='x')":               "TypeError: progress() argument 'total' must be a number, not str",
		"progress(total=-1)":                "ValueError: progress() argument 'total' must not be negative",
		"progress(ncols=0)":                 "ValueError: progress() argument 'ncols' must be positive",
		"progress(desc=1)":                  "TypeError: progress() argument 'desc' must be str or None, not int",
		"for x in progress(total=3): pass":  "TypeError: 'progress' object is not iterable",
		"progress(total=3).update('a')":     "TypeError: update() argument 'n' must be a number, not str",
		"progress(total=3).set_postfix([])": "TypeError: set_postfix() argument 'ordered_dict' must be a dict, not list",
		"for x in progress(5): pass":        "TypeError: 'int' object is not iterable",
		"class P(progress): pass":           "TypeError: type 'progress' is not an acceptable base type",
	} {
		err := s.Execute(context.Background(), code, sink)
		if err == nil || !strings.HasPrefix(err.Error(), want) {
			t.Errorf("%s: %v, want %s", code, err, want)
		}
	}
}
