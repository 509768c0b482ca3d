package plugin

import (
	"fmt"
	"os"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/modcheck"
)

// checkModuleNames returns an error for a sinks or guards entry that lies
// in the module golangci-lint runs in but names none of its packages: a
// typo would otherwise check nothing. It is the file system's part of the
// check, done when golangci-lint starts, since the analysis reads no file.
// Outside a module it checks nothing.
func checkModuleNames(c analyzer.Config) error {
	if len(c.Sinks) == 0 && len(c.Guards) == 0 {
		return nil
	}
	wd, err := os.Getwd()
	if err != nil {
		return nil
	}
	root, modPath, ok := modcheck.FindModule(wd)
	if !ok {
		return nil
	}
	if err := modcheck.CheckNames(c, root, modPath); err != nil {
		return fmt.Errorf("%s: %w", Name, err)
	}
	return nil
}
