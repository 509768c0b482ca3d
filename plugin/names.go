package plugin

import (
	"fmt"
	"os"

	"github.com/ctxnotify/ctxnotify-lint/internal/modcheck"
)

// checkModuleNames returns an error for a sinks or guards entry that lies
// in the module golangci-lint runs in but names none of its packages: a
// typo would otherwise check nothing. It is the file system's part of the
// check, done when golangci-lint starts, since the analysis reads no file.
// Outside a module it checks nothing.
func checkModuleNames(s Settings) error {
	if len(s.Sinks) == 0 && len(s.Guards) == 0 {
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
	for _, list := range []struct {
		setting string
		names   []string
	}{{"sinks", s.Sinks}, {"guards", s.Guards}} {
		for _, name := range list.names {
			name = trimInverse(name)
			if err := modcheck.CheckInModule(root, modPath, name); err != nil {
				return fmt.Errorf("%s: %s: %q names nothing: %v", Name, list.setting, name, err)
			}
		}
	}
	return nil
}

func trimInverse(guard string) string {
	if len(guard) > 0 && guard[0] == '!' {
		return guard[1:]
	}
	return guard
}
