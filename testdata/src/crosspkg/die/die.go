// Package die ends the program: its functions never return, which other
// packages learn through facts. It imports no recorder.
package die

import (
	"fmt"
	"os"
)

// Die panics.
func Die(msg string) { // want Die:"noReturn"
	panic(msg)
}

// Fatal ends in os.Exit.
func Fatal(err error) { // want Fatal:"noReturn"
	fmt.Println(err)
	os.Exit(1)
}

// Maybe returns when err is nil.
func Maybe(err error) {
	if err != nil {
		Die(err.Error())
	}
}
