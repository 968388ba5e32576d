package viz

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"strconv"
	"strings"
	"sync"

	"github.com/goccy/go-graphviz"
)

// Graphviz lays pictures out: github.com/goccy/go-graphviz runs Graphviz
// compiled to WebAssembly, so a fresh machine needs nothing installed.
// Its instance is not safe for concurrent use (go-graphviz #117), and a
// cancelled context poisons it for good (#118): one instance serves every
// layout under a mutex, always with a background context.
var engine struct {
	sync.Mutex
	gv *graphviz.Graphviz
}

// A layout is what Graphviz made of a picture: its size in points and
// the drawing operations (xdot) of every item, in drawing order.
type layout struct {
	width, height float64
	background    []xop // the graph's own: its fill and caption
	items         []item
}

// An item is a cluster, node or edge: its SVG group and what it draws.
type item struct {
	kind, id, class, title string
	ops                    []xop
}

// An xop is one xdot drawing operation, as Graphviz's json writes it.
type xop struct {
	Op       string       `json:"op"`
	Color    string       `json:"color"`
	Points   [][2]float64 `json:"points"`
	Rect     [4]float64   `json:"rect"`
	Pt       [2]float64   `json:"pt"`
	Align    string       `json:"align"`
	Width    float64      `json:"width"`
	Text     string       `json:"text"`
	Size     float64      `json:"size"`
	Face     string       `json:"face"`
	Style    string       `json:"style"`
	Fontchar int          `json:"fontchar"`
}

type gvObject struct {
	Name    string `json:"name"`
	ID      string `json:"id"`
	Class   string `json:"class"`
	Tooltip string `json:"tooltip"`
	Nodes   []int  `json:"nodes"`
	Draw    []xop  `json:"_draw_"`
	LDraw   []xop  `json:"_ldraw_"`
	HDraw   []xop  `json:"_hdraw_"`
	TDraw   []xop  `json:"_tdraw_"`
	Tail    int    `json:"tail"`
	Head    int    `json:"head"`
}

type gvGraph struct {
	BB          string     `json:"bb"`
	Draw        []xop      `json:"_draw_"`
	LDraw       []xop      `json:"_ldraw_"`
	SubgraphCnt int        `json:"_subgraph_cnt"`
	Objects     []gvObject `json:"objects"`
	Edges       []gvObject `json:"edges"`
}

// lay runs Graphviz's dot layout on a DOT text. The layout cannot be
// interrupted: a cancelled context would leave the instance unusable.
func lay(dot []byte) (l *layout, err error) {
	engine.Lock()
	defer engine.Unlock()
	defer func() {
		// A fault inside the WebAssembly module surfaces as a panic; the
		// session must get an error, and the next layout a fresh start.
		if r := recover(); r != nil {
			engine.gv = nil
			l, err = nil, fmt.Errorf("graphviz failed: %v", r)
		}
	}()
	ctx := context.Background()
	if engine.gv == nil {
		gv, err := graphviz.New(ctx)
		if err != nil {
			return nil, fmt.Errorf("starting Graphviz: %w", err)
		}
		engine.gv = gv
	}
	g, err := graphviz.ParseBytes(dot)
	if err != nil {
		return nil, fmt.Errorf("graphviz cannot read the picture: %w", err)
	}
	defer g.Close()
	var out bytes.Buffer
	if err := engine.gv.Render(ctx, g, "json", &out); err != nil {
		return nil, fmt.Errorf("graphviz layout failed: %w", err)
	}
	return parseLayout(out.Bytes())
}

func parseLayout(data []byte) (*layout, error) {
	var g gvGraph
	if err := json.Unmarshal(data, &g); err != nil {
		return nil, fmt.Errorf("reading Graphviz's layout: %w", err)
	}
	bb := strings.Split(g.BB, ",")
	if len(bb) != 4 {
		return nil, fmt.Errorf("reading Graphviz's layout: bounding box %q", g.BB)
	}
	l := &layout{background: append(g.Draw, g.LDraw...)}
	l.width, _ = strconv.ParseFloat(bb[2], 64)
	l.height, _ = strconv.ParseFloat(bb[3], 64)
	// Clusters come first among the objects, as Graphviz draws them
	// under the nodes.
	for i, o := range g.Objects {
		kind := "node"
		if i < g.SubgraphCnt {
			kind = "cluster"
		}
		l.items = append(l.items, item{kind, o.ID, o.Class, o.Tooltip, concat(o.Draw, o.LDraw)})
		if kind == "cluster" && o.Tooltip == "" {
			l.items[len(l.items)-1].title = o.Name
		}
	}
	name := func(i int) string {
		if i >= 0 && i < len(g.Objects) {
			return g.Objects[i].ID
		}
		return "?"
	}
	for _, e := range g.Edges {
		// An edge's tail and head are indexes of the objects (Graphviz's
		// _gvid), which hold clusters first.
		title := e.Tooltip
		if title == "" {
			title = name(e.Tail) + " → " + name(e.Head)
		}
		l.items = append(l.items, item{"edge", "", e.Class, title, concat(e.Draw, e.HDraw, e.TDraw, e.LDraw)})
	}
	return l, nil
}

func concat(lists ...[]xop) []xop {
	var out []xop
	for _, l := range lists {
		out = append(out, l...)
	}
	return out
}
