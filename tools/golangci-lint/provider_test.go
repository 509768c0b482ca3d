package main_test

import (
	"os/exec"
	"path/filepath"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

// TestGolangciLintProvider runs golangci-lint with the plugin and the
// command, without -deps, on the provider module of the command's
// end-to-end tests (e2e/testdata/provider: Karpenter controllers whose
// events go through emitters in dependencies). golangci-lint analyses
// dependencies for their facts; the command must find the same ones by
// default. "markers" holds once the analyzer exports facts on interface
// methods (Karpenter's events.Recorder.Publish).
func TestGolangciLintProvider(t *testing.T) {
	if testing.Short() {
		t.Skip("builds golangci-lint with the plugin: minutes on a cold build cache")
	}
	tl := buildTools(t)
	dir := testkit.CopyModule(t, filepath.Join(testkit.Root(t), "e2e", "testdata", "provider"))
	goCmd(t, dir, "build", "./...")

	cmd := exec.Command(tl.ctxnotifyLint, "./...")
	cmd.Dir = dir
	cmd.Env = append(cmd.Environ(), "GOWORK=off")
	standalone := cliFindings(t, dir, testkit.Start(t, cmd))
	got := tl.lint(t, dir, "", -1)

	t.Run("agree", func(t *testing.T) { sameFindings(t, got, standalone) })
	t.Run("markers", func(t *testing.T) { sameLines(t, got, testkit.Markers(t, dir)) })
}
