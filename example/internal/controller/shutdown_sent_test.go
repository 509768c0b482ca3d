package controller_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"net/http/httptest"
	"strings"
	"sync"
	"testing"

	eventv1 "github.com/fluxcd/pkg/apis/event/v1"
	metav1 "k8s.io/apimachinery/pkg/apis/meta/v1"
	kevents "k8s.io/client-go/tools/events"
	"k8s.io/client-go/tools/record"
)

// sent is what a reconciliation sent in one stretch of time:
// notifications that reached the webhook ("severity reason"), Kubernetes
// events that the recorders got ("type reason"), each in the order they
// arrived, and the conditions of each status write it attempted
// ("Ready=False HealthCheckFailed", whether the write then failed or not).
type sent struct {
	Notifications []string `json:"notifications"`
	Events        []string `json:"events"`
	Conditions    []string `json:"conditions,omitempty"`
}

// sentLog records what one reconciliation sends, split at the moment it
// reaches its interruption point. The Flux recorder posts synchronously
// and the fake Kubernetes recorders write to a buffered channel, so at that
// moment everything sent before it has arrived.
type sentLog struct {
	mu          sync.Mutex
	interrupted bool
	before      sent // before the interruption point
	from        sent // from the interruption point on
	events      chan string
	kube        *record.FakeRecorder  // core/v1
	kevents     *kevents.FakeRecorder // events.k8s.io/v1
}

func newSentLog() *sentLog {
	// Larger than any reconciliation here needs: a fake recorder blocks
	// when its buffer is full. The recorders of both APIs share it, so
	// that the events are in the order they arrived.
	events := make(chan string, 100)
	return &sentLog{events: events, kube: &record.FakeRecorder{Events: events}, kevents: &kevents.FakeRecorder{Events: events}}
}

// current returns the stretch that is being recorded.
func (l *sentLog) current() *sent {
	if l.interrupted {
		return &l.from
	}
	return &l.before
}

// notified records a notification that reached the webhook.
func (l *sentLog) notified(severity, reason string) {
	l.mu.Lock()
	defer l.mu.Unlock()
	s := l.current()
	s.Notifications = append(s.Notifications, severity+" "+reason)
}

// statusWritten records the conditions of a status write.
func (l *sentLog) statusWritten(conditions []metav1.Condition) {
	l.mu.Lock()
	defer l.mu.Unlock()
	var cs []string
	for _, c := range conditions {
		cs = append(cs, fmt.Sprintf("%s=%s %s", c.Type, c.Status, c.Reason))
	}
	s := l.current()
	s.Conditions = append(s.Conditions, strings.Join(cs, ", "))
}

// interrupt closes the stretch before the interruption point.
func (l *sentLog) interrupt() {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.drainEvents()
	l.interrupted = true
}

// finish collects the events of the last stretch and returns both.
func (l *sentLog) finish() (before, from sent) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.drainEvents()
	return l.before, l.from
}

// drainEvents moves the events waiting in the fake recorders' channel
// into the current stretch. Each is "type reason message...".
func (l *sentLog) drainEvents() {
	s := l.current()
	for {
		select {
		case e := <-l.events:
			fields := strings.Fields(e)
			s.Events = append(s.Events, strings.Join(fields[:min(2, len(fields))], " "))
		default:
			return
		}
	}
}

// newWebhook starts a server on the loopback interface that plays
// notification-controller's event endpoint: it decodes each event the
// Flux recorder posts and records it in log. Every event of the module
// names its action; a related object, when there is one, is complete.
func newWebhook(t *testing.T, log *sentLog) *httptest.Server {
	t.Helper()
	srv := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		var ev eventv1.Event
		if err := json.NewDecoder(req.Body).Decode(&ev); err != nil {
			t.Errorf("webhook: decoding the event: %v", err)
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		if ev.InvolvedObject.Kind == "" || ev.InvolvedObject.Name == "" || ev.InvolvedObject.Namespace == "" {
			t.Errorf("webhook: event %q about an incomplete object reference %+v", ev.Reason, ev.InvolvedObject)
		}
		if ev.Action == "" {
			t.Errorf("webhook: event %q has no action", ev.Reason)
		}
		if rel := ev.RelatedObject; rel != nil && (rel.Kind == "" || rel.Name == "" || rel.Namespace == "") {
			t.Errorf("webhook: event %q with an incomplete related object reference %+v", ev.Reason, *rel)
		}
		log.notified(ev.Severity, ev.Reason)
		w.WriteHeader(http.StatusAccepted)
	}))
	t.Cleanup(srv.Close)
	return srv
}
