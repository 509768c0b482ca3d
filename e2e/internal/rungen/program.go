package rungen

import (
	"bytes"
	"fmt"
	"go/format"
	"strings"
)

// ModulePath is the batch module's path: the programs import its runtime
// package, ModulePath + "/rt".
const ModulePath = "ctxnotify.test/oracle"

// A Program is one generated controller.
type Program struct {
	Name     string // its package name and directory in the batch module
	Input    []byte // what it was generated from
	Source   []byte // its one file, controller.go, gofmt-clean
	FailMask uint64 // which API calls fail in every run: bit i for the call i+1, modulo 64
	Sites    []Site
	Shapes   map[Shape]int // how often each shape was written
}

// A Site is a call that emits events with one reason.
type Site struct {
	Tag   string // the reason of its events, E1, E2...
	Line  int    // the line of the call the analyzer reports, in Source
	Shape Shape  // the shape that wrote it
	Late  bool   // it runs after Reconcile has returned
	// OutOfReach says why the analyzer need not report the site ("" when
	// the rule says it must, if no fresh check guards it).
	OutOfReach string
}

// Site returns the site whose events carry the reason tag.
func (p *Program) Site(tag string) (Site, bool) {
	for _, s := range p.Sites {
		if s.Tag == tag {
			return s, true
		}
	}
	return Site{}, false
}

// Generate writes the program named name (a Go package name) from input.
// An error is a bug of the generator: the program does not parse.
func Generate(name string, input []byte) (*Program, error) {
	g := newGen(input)
	g.program()
	src := g.file(name)
	formatted, err := format.Source(src)
	if err != nil {
		return nil, fmt.Errorf("generated program %s does not parse: %v\n%s", name, err, Numbered(src))
	}
	p := &Program{Name: name, Input: input, Source: formatted, FailMask: g.failMask, Shapes: g.shapes}
	for _, s := range g.sites {
		s.Line = lineOf(formatted, `"`+s.Tag+`"`)
		if s.Line == 0 {
			return nil, fmt.Errorf("generated program %s: no line holds the reason %q\n%s", name, s.Tag, Numbered(formatted))
		}
		p.Sites = append(p.Sites, s)
	}
	return p, nil
}

// lineOf returns the 1-based line of the only occurrence of anchor in src,
// 0 when it does not occur exactly once.
func lineOf(src []byte, anchor string) int {
	if bytes.Count(src, []byte(anchor)) != 1 {
		return 0
	}
	i := bytes.Index(src, []byte(anchor))
	return 1 + bytes.Count(src[:i], []byte("\n"))
}

// Numbered prints src with line numbers, as messages show a program.
func Numbered(src []byte) string {
	var b strings.Builder
	n := 0
	for line := range strings.Lines(string(src)) {
		n++
		fmt.Fprintf(&b, "%4d  %s", n, line)
	}
	return b.String()
}
