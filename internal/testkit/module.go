package testkit

import (
	"os"
	"path/filepath"
	"testing"
)

// CopyModule copies the module at src into a fresh temporary directory,
// so that a run never changes the source tree and sees only its own
// files. The directory's path has its symbolic links resolved, as the
// paths the tools print do.
func CopyModule(t testing.TB, src string) string {
	t.Helper()
	dst := TempDir(t)
	if err := os.CopyFS(dst, os.DirFS(src)); err != nil {
		t.Fatal(err)
	}
	return dst
}

// WriteModule writes files (slash-separated path relative to the module
// root: content) into a fresh temporary directory and returns it.
func WriteModule(t testing.TB, files map[string]string) string {
	t.Helper()
	dir := TempDir(t)
	for name, content := range files {
		path := filepath.Join(dir, filepath.FromSlash(name))
		if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
			t.Fatal(err)
		}
		if err := os.WriteFile(path, []byte(content), 0o644); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// TempDir returns a new temporary directory, removed at the end of the
// test, with the symbolic links of its path resolved.
func TempDir(t testing.TB) string {
	t.Helper()
	dir, err := filepath.EvalSymlinks(t.TempDir())
	if err != nil {
		t.Fatal(err)
	}
	return dir
}

// Rel returns path relative to dir, slash-separated; a relative path is
// returned as it is, without a leading "./".
func Rel(t testing.TB, dir, path string) string {
	t.Helper()
	if filepath.IsAbs(path) {
		rel, err := filepath.Rel(dir, path)
		if err != nil {
			t.Fatal(err)
		}
		path = rel
	}
	path = filepath.ToSlash(path)
	for len(path) > 2 && path[:2] == "./" {
		path = path[2:]
	}
	return path
}
