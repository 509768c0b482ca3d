package testkit

import (
	"os"
	"testing"
)

// Golden compares got with the reviewed golden file; with update, it
// rewrites the file first.
func Golden(t testing.TB, golden, got string, update bool) {
	t.Helper()
	if update {
		if err := os.WriteFile(golden, []byte(got), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	want, err := os.ReadFile(golden)
	if err != nil {
		t.Fatal(err)
	}
	if got != string(want) {
		t.Errorf("%s differs (run with -update after review):\ngot:\n%s\nwant:\n%s", golden, got, want)
	}
}
