package driver

import "testing"

func TestConflicts(t *testing.T) {
	taken := map[string][]fileEdit{"f.go": {{"f.go", 10, 20, "x"}, {"f.go", 0, 0, "import"}}}
	for _, tc := range []struct {
		name string
		fix  []fileEdit
		want bool
	}{
		{"disjoint", []fileEdit{{"f.go", 30, 40, "y"}}, false},
		{"adjacent", []fileEdit{{"f.go", 20, 25, "y"}}, false},
		{"overlapping", []fileEdit{{"f.go", 15, 25, "y"}}, true},
		{"identical import merges", []fileEdit{{"f.go", 0, 0, "import"}, {"f.go", 30, 30, "y"}}, false},
		{"other insertion at the same offset", []fileEdit{{"f.go", 0, 0, "other"}}, true},
		{"other file", []fileEdit{{"g.go", 15, 25, "y"}}, false},
	} {
		if got := conflicts(taken, tc.fix); got != tc.want {
			t.Errorf("%s: conflicts = %t, want %t", tc.name, got, tc.want)
		}
	}
}

func TestApplyEdits(t *testing.T) {
	got, err := applyEdits([]byte("0123456789"), []fileEdit{{"f", 8, 9, "X"}, {"f", 0, 0, "<"}, {"f", 2, 4, ""}})
	if err != nil || string(got) != "<014567X9" {
		t.Errorf("applyEdits = %q, %v; want %q", got, err, "<014567X9")
	}
	if _, err := applyEdits([]byte("0123"), []fileEdit{{"f", 0, 3, ""}, {"f", 2, 4, ""}}); err == nil {
		t.Error("overlapping edits: no error")
	}
}
