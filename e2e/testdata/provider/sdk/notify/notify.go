// Package notify records the Kubernetes events that every controller of
// the provider sends the same way.
package notify

import (
	"fmt"
	"strings"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/runtime"
	"k8s.io/client-go/tools/record"
)

// Warning records a warning event on obj for err, with the reason given.
func Warning(rec record.EventRecorder, obj runtime.Object, reason string, err error) {
	rec.Eventf(obj, corev1.EventTypeWarning, reason, "%s", capitalize(err.Error()))
}

// Waiting records that obj waits on the objects named.
func Waiting(rec record.EventRecorder, obj runtime.Object, reason string, on []string) {
	const shown = 5
	msg := strings.Join(on[:min(len(on), shown)], ", ")
	if len(on) > shown {
		msg += fmt.Sprintf(" and %d more", len(on)-shown)
	}
	rec.Eventf(obj, corev1.EventTypeNormal, reason, "Waiting on %s", msg)
}

func capitalize(s string) string {
	if s == "" {
		return s
	}
	return strings.ToUpper(s[:1]) + s[1:]
}
