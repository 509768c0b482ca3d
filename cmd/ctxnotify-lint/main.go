package main

import (
	"fmt"
	"os"

	"github.com/ctxnotify/ctxnotify-lint/analyzer"
	"github.com/ctxnotify/ctxnotify-lint/internal/driver"
)

func main() {
	if len(os.Args) == 2 && (os.Args[1] == "-V=full" || os.Args[1] == "--V=full") {
		// go vet's and go fix's handshake: answered here rather than by
		// the multichecker, so that the line names the module version.
		if err := printVersion(os.Stdout); err != nil {
			fmt.Fprintln(os.Stderr, "ctxnotify-lint:", err)
			os.Exit(1)
		}
		return
	}
	driver.Main(analyzer.Analyzer)
}
