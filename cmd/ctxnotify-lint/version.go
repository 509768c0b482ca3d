package main

import (
	"crypto/sha256"
	"fmt"
	"io"
	"os"
	"runtime/debug"
)

// printVersion answers -V=full in the form go vet and go fix read:
// "ctxnotify-lint version VERSION buildID=HASH" (see the package doc).
func printVersion(w io.Writer) error {
	exe, err := os.Executable()
	if err != nil {
		return err
	}
	f, err := os.Open(exe)
	if err != nil {
		return err
	}
	defer f.Close()
	h := sha256.New()
	if _, err := io.Copy(h, f); err != nil {
		return err
	}
	bi, _ := debug.ReadBuildInfo()
	_, err = fmt.Fprintln(w, versionLine(bi, h.Sum(nil)))
	return err
}

// versionLine returns the -V=full line: the main module's version, or
// "devel" for a build that has none, and the executable's hash. go vet
// keys its cache on the hash alone when the version is "devel", else on
// the whole line.
func versionLine(bi *debug.BuildInfo, hash []byte) string {
	version := "devel"
	if bi != nil && bi.Main.Version != "" && bi.Main.Version != "(devel)" {
		version = bi.Main.Version
	}
	return fmt.Sprintf("ctxnotify-lint version %s buildID=%x", version, hash)
}
