// Command golangci-lint is golangci-lint with the ctxnotify plugin built in:
// the binary "golangci-lint custom" would build from .custom-gcl.yml, made
// with a plain "go build" instead, so it needs no clone of golangci-lint.
// docs/golangci-lint.md says how to build it, and how a controller
// repository keeps a copy of this module.
//
// It is a module of its own, so the main module does not depend on
// golangci-lint; it replaces ctxnotify-lint by the repository's root, so it
// always builds the plugin of the working tree.
package main

import (
	"fmt"
	"os"
	"runtime/debug"

	"github.com/golangci/golangci-lint/v2/pkg/commands"
	"github.com/golangci/golangci-lint/v2/pkg/exitcodes"

	_ "github.com/ctxnotify/ctxnotify-lint/plugin"
)

func main() {
	if err := commands.Execute(buildInfo()); err != nil {
		_, _ = fmt.Fprintf(os.Stderr, "The command is terminated due to an error: %v\n", err)
		os.Exit(exitcodes.Failure)
	}
}

// buildInfo reports the version as "(devel)" on purpose. golangci-lint salts
// its result cache with the version string, except for "(devel)" (or ""),
// where it hashes the executable instead. A plugin from a replace directive
// or a pseudo-version may change while no version string does; the
// executable always changes, and so cached results of an older plugin are
// never reused. The golangci-lint release and the plugin's origin are
// reported as the commit, which "golangci-lint version" prints.
func buildInfo() commands.BuildInfo {
	info := commands.BuildInfo{Version: "(devel)", Commit: "?", Date: "(unknown)", GoVersion: "unknown"}
	bi, ok := debug.ReadBuildInfo()
	if !ok {
		return info
	}
	info.GoVersion = bi.GoVersion
	info.Commit = "golangci-lint " + depVersion(bi, "github.com/golangci/golangci-lint/v2") +
		", ctxnotify-lint " + depVersion(bi, "github.com/ctxnotify/ctxnotify-lint")
	for _, s := range bi.Settings {
		if s.Key == "vcs.time" {
			info.Date = s.Value
		}
	}
	return info
}

// depVersion returns the version of a module linked into the binary, and
// its replacement when it has one (this repository's tools/golangci-lint
// replaces ctxnotify-lint by the repository's own directory).
func depVersion(bi *debug.BuildInfo, path string) string {
	for _, m := range bi.Deps {
		switch {
		case m.Path != path:
		case m.Replace != nil:
			return m.Replace.Version + " at " + m.Replace.Path
		default:
			return m.Version
		}
	}
	return "unknown"
}
