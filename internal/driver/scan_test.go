package driver

import "testing"

// TestCalledIn checks the text search for selector calls, with few names
// (one search per name no other is a prefix of) and with many (a look at
// every selector).
func TestCalledIn(t *testing.T) {
	few := newNames(map[string]bool{"Event": true, "Eventf": true, "AnnotatedEventf": true})
	many := newNames(few.set, map[string]bool{"A": true, "B": true, "C": true, "D": true, "E": true, "F": true})
	if few.dots == nil || many.dots != nil {
		t.Fatalf("the test needs both searches: %d and %d patterns", len(few.dots), len(many.dots))
	}
	for _, tc := range []struct {
		src  string
		want bool
	}{
		{"r.Eventf(obj)", true},
		{"r.Event (obj)", true},
		{"r.rec.AnnotatedEventf(\tobj)", true},
		{"x.EventRecorder(y)", false},
		{"return chan Event(w)", false},
		{"f := r.Eventf", false},
		{"var e corev1.Event", false},
		{"r.Eventsf(x); y.Eventf", false},
		{"r.EventRecorder.Eventf(obj)", true},
		{"x.Event", false},
	} {
		for i, n := range []*names{few, many} {
			if got := n.calledIn([]byte(tc.src)); got != tc.want {
				t.Errorf("%q (search %d): %v, want %v", tc.src, i, got, tc.want)
			}
		}
	}
}
