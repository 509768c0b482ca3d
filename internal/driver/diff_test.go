package driver

import (
	"strings"
	"testing"
)

func TestUnifiedDiff(t *testing.T) {
	for _, tc := range []struct {
		name, old, new, want string
	}{
		{"equal", "a\nb\n", "a\nb\n", ""},
		{"insert in middle", "1\n2\n3\n4\n5\n6\n7\n8\n", "1\n2\n3\n4\nx\n5\n6\n7\n8\n", `--- old
+++ new
@@ -2,6 +2,7 @@
 2
 3
 4
+x
 5
 6
 7
`},
		{"replace first line", "a\nb\n", "z\nb\n", `--- old
+++ new
@@ -1,2 +1,2 @@
-a
+z
 b
`},
		{"two hunks", "1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n12\n", "0\n1\n2\n3\n4\n5\n6\n7\n8\n9\n10\n11\n", `--- old
+++ new
@@ -1,3 +1,4 @@
+0
 1
 2
 3
@@ -9,4 +10,3 @@
 9
 10
 11
-12
`},
		{"to empty", "a\n", "", `--- old
+++ new
@@ -1 +0,0 @@
-a
`},
		{"no final newline", "a\nb", "a\nc", `--- old
+++ new
@@ -1,2 +1,2 @@
 a
-b
\ No newline at end of file
+c
\ No newline at end of file
`},
	} {
		if got := unifiedDiff("old", "new", tc.old, tc.new); got != tc.want {
			t.Errorf("%s: got\n%s\nwant\n%s", tc.name, got, tc.want)
		}
	}
}

// TestDiffLinesRebuilds checks that every edit script turns old into new
// and keeps as many lines as a longest common subsequence.
func TestDiffLinesRebuilds(t *testing.T) {
	for _, tc := range [][2]string{
		{"abcabba", "cbabac"},
		{"", "abc"},
		{"abc", ""},
		{"aaaa", "aa"},
		{"xaybzc", "abc"},
		{"package main\nimport x\nfunc", "package main\nimport (\nx\ny\n)\nfunc"},
	} {
		a, b := chars(tc[0]), chars(tc[1])
		var rebuilt []string
		kept := 0
		for _, o := range diffLines(a, b) {
			switch o.kind {
			case ' ':
				if a[o.ai] != b[o.bi] {
					t.Fatalf("%q -> %q: kept line differs", tc[0], tc[1])
				}
				rebuilt = append(rebuilt, a[o.ai])
				kept++
			case '+':
				rebuilt = append(rebuilt, b[o.bi])
			}
		}
		if strings.Join(rebuilt, "") != tc[1] {
			t.Errorf("%q -> %q: rebuilt %q", tc[0], tc[1], strings.Join(rebuilt, ""))
		}
		if lcs := lcsLen(a, b); kept != lcs {
			t.Errorf("%q -> %q: kept %d lines, a longest common subsequence has %d", tc[0], tc[1], kept, lcs)
		}
	}
}

func chars(s string) []string {
	if s == "" {
		return nil
	}
	return strings.Split(s, "")
}

func lcsLen(a, b []string) int {
	prev := make([]int, len(b)+1)
	for i := range a {
		cur := make([]int, len(b)+1)
		for j := range b {
			if a[i] == b[j] {
				cur[j+1] = prev[j] + 1
			} else {
				cur[j+1] = max(prev[j+1], cur[j])
			}
		}
		prev = cur
	}
	return prev[len(b)]
}
