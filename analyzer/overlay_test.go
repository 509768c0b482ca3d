package analyzer_test

import (
	"fmt"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"golang.org/x/tools/go/analysis"
	"golang.org/x/tools/go/analysis/checker"
	"golang.org/x/tools/go/packages"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
)

// TestInMemoryFiles runs the analyzer through checker.Analyze on a package
// whose files exist only in a packages.Config.Overlay, as under gopls, and
// expects the findings of the same files on disk: the pass knows only what
// analysis.Pass gives it. (Fixes are not compared: checker.Analyze cannot
// yet hand an overlay to Pass.ReadFile, which the fix reads the source
// with.)
func TestInMemoryFiles(t *testing.T) {
	src, err := os.ReadFile(filepath.Join(testdata, "src", "sinks", "sinks.go"))
	if err != nil {
		t.Fatal(err)
	}
	inMemory := filepath.Join(testdata, "src", "inmemory", "sinks.go")
	if _, err := os.Stat(filepath.Dir(inMemory)); !os.IsNotExist(err) {
		t.Fatalf("%s exists on disk: %v", filepath.Dir(inMemory), err)
	}
	onDisk := findingsOf(t, "sinks", nil)
	overlaid := findingsOf(t, "inmemory", map[string][]byte{inMemory: src})
	if len(onDisk) == 0 || !slices.Equal(onDisk, overlaid) {
		t.Errorf("in memory:\n%q\non disk:\n%q", overlaid, onDisk)
	}
}

// findingsOf analyses the catalogue package pkg and returns its findings
// as "sinks.go:line:col: message".
func findingsOf(t *testing.T, pkg string, overlay map[string][]byte) []string {
	t.Helper()
	cfg := &packages.Config{
		Mode:    packages.LoadAllSyntax,
		Dir:     testdata,
		Env:     append(os.Environ(), "GOPATH="+testdata, "GO111MODULE=off", "GOWORK=off"),
		Overlay: overlay,
	}
	pkgs, err := packages.Load(cfg, pkg)
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading %s: %d packages, errors %v", pkg, len(pkgs), pkgs[0].Errors)
	}
	graph, err := checker.Analyze([]*analysis.Analyzer{analyzer.Analyzer}, pkgs, nil)
	if err != nil {
		t.Fatal(err)
	}
	var out []string
	for _, act := range graph.Roots {
		if act.Err != nil {
			t.Fatalf("%s: %v", pkg, act.Err)
		}
		for _, d := range act.Diagnostics {
			posn := act.Package.Fset.Position(d.Pos)
			out = append(out, fmt.Sprintf("%s:%d:%d: %s", filepath.Base(posn.Filename), posn.Line, posn.Column, d.Message))
		}
	}
	return out
}

// TestNoFileSystem: no package of this module that the pass's package
// depends on, itself included, imports a package that reaches the file
// system (configured names are checked against the disk by the drivers,
// with internal/modcheck), and x/mod, the go.mod parser, is no
// dependency at all. The standard library cannot be held to that (fmt,
// flag and go/types import os), and neither can x/tools:
// golang.org/x/tools/internal/typeparams, which go/types/typeutil and
// the inspector import, imports os for a debug trace to os.Stderr.
func TestNoFileSystem(t *testing.T) {
	cfg := &packages.Config{Mode: packages.NeedName | packages.NeedImports | packages.NeedDeps | packages.NeedModule}
	pkgs, err := packages.Load(cfg, ".")
	if err != nil {
		t.Fatal(err)
	}
	if len(pkgs) != 1 || len(pkgs[0].Errors) > 0 {
		t.Fatalf("loading the analyzer: %d packages, errors %v", len(pkgs), pkgs[0].Errors)
	}
	var ours []string
	packages.Visit(pkgs, nil, func(p *packages.Package) {
		if strings.HasPrefix(p.PkgPath, "golang.org/x/mod/") {
			t.Errorf("the analyzer depends on %s", p.PkgPath)
		}
		if p.Module == nil || !p.Module.Main {
			return
		}
		ours = append(ours, p.PkgPath)
		for imp := range p.Imports {
			switch imp {
			case "os", "io/fs", "io/ioutil", "os/exec":
				t.Errorf("package %s, a dependency of the analyzer, imports %s", p.PkgPath, imp)
			}
		}
	})
	if !slices.Contains(ours, pkgs[0].PkgPath) || len(ours) < 2 {
		t.Errorf("this module's packages among the analyzer's dependencies: %q; want the analyzer and the packages it imports", ours)
	}
}
