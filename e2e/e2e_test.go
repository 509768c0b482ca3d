package e2e

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/ctxnotify/ctxnotify-lint/internal/testkit"
)

func TestMain(m *testing.M) { os.Exit(testkit.Main(m)) }

// e2eModule returns the directory of the module with realistic
// controllers and real dependencies, whose reported lines carry a
// "// finding" comment.
func e2eModule(t *testing.T) string {
	t.Helper()
	return filepath.Join(testkit.Root(t), "example")
}

// joinFindings prints findings one per line, as the golden file holds them.
func joinFindings(fs []testkit.Finding) string {
	var b strings.Builder
	for _, f := range fs {
		b.WriteString(f.String() + "\n")
	}
	return b.String()
}
