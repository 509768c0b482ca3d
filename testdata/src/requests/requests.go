package requests // want package:"reachesSinks" package:`checks\(EventServer\.Notify\[fix 0\] EventServer\.Reconcile\[0\]\)`

// An inbound HTTP request's context is not cancelled at shutdown: events
// whose only context is one are left alone, in the handler and in the
// helpers only the handler feeds. Shaped after notification-controller's
// event server.

import (
	"context"
	"encoding/json"
	"net/http"
	"regexp"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/log"
)

type EventServer struct {
	recorder record.EventRecorder
	obj      *corev1.ConfigMap
	mgrCtx   context.Context // the manager's context, as a server that sets BaseContext keeps it
}

// handleEvent returns the handler: a closure whose context comes from the
// request, through WithTimeout.
func (s *EventServer) handleEvent() func(w http.ResponseWriter, r *http.Request) {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
		defer cancel()
		var payload map[string]string
		if err := json.NewDecoder(r.Body).Decode(&payload); err != nil {
			s.recorder.Eventf(s.obj, corev1.EventTypeWarning, "BadPayload", "decoding: %v", err)
			w.WriteHeader(http.StatusBadRequest)
			return
		}
		if !s.messageIsIncluded(ctx, payload["message"]) {
			return
		}
		s.recorder.Event(s.obj, corev1.EventTypeNormal, "Forwarded", "event forwarded")
	}
}

// messageIsIncluded is called only from the handler, with the request's
// context: its parameter holds a request's, and its events are left alone.
func (s *EventServer) messageIsIncluded(ctx context.Context, msg string) bool {
	re, err := regexp.Compile(msg)
	if err != nil {
		s.recorder.Eventf(s.obj, corev1.EventTypeWarning, "InvalidRegex", "%v", err)
		return false
	}
	return s.matches(ctx, re)
}

// matches is fed only by messageIsIncluded's parameter: a request's too.
func (s *EventServer) matches(ctx context.Context, re *regexp.Regexp) bool {
	if !re.MatchString("x") {
		s.recorder.Event(s.obj, corev1.EventTypeWarning, "NoMatch", "no match")
		return false
	}
	return true
}

// ServeHTTP calls a helper with the request's context.
func (s *EventServer) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	s.audit(r.Context(), r.URL.Path)
	ctx := log.IntoContext(r.Context(), log.FromContext(r.Context()))
	s.recorder.Event(s.obj, corev1.EventTypeNormal, "Served", "request served")
	_ = ctx
}

func (s *EventServer) audit(ctx context.Context, path string) {
	s.recorder.Eventf(s.obj, corev1.EventTypeNormal, "Audit", "user action on %s", path)
}

// A helper fed by the handler and by a reconciler: its context may be the
// manager's, so its events are reported.
func (s *EventServer) shared(ctx context.Context) {
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "Shared", "fed by both") // want `event "Shared" emitted by s\.recorder\.Event is not guarded`
}

func (s *EventServer) fromHandler(w http.ResponseWriter, r *http.Request) {
	s.shared(r.Context())
}

func (s *EventServer) Reconcile(ctx context.Context) error {
	s.shared(ctx)
	return nil
}

// An exported helper may be called from anywhere: its context is usable.
func (s *EventServer) Notify(ctx context.Context) {
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "Exported", "exported helper") // want `event "Exported" emitted by s\.recorder\.Event is not guarded`
}

func (s *EventServer) handleExported(w http.ResponseWriter, r *http.Request) {
	s.Notify(r.Context())
}

// A helper used as a value may be called from anywhere too.
func (s *EventServer) asValue(ctx context.Context) {
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "Value", "helper used as a value") // want `event "Value" emitted by s\.recorder\.Event is not guarded`
}

func (s *EventServer) handleValue(w http.ResponseWriter, r *http.Request) {
	f := s.asValue
	f(r.Context())
}

// A server field holding the manager's context: the handler uses it
// explicitly, and is analysed.
func (s *EventServer) handleWithManager(w http.ResponseWriter, r *http.Request) {
	ctx, cancel := context.WithTimeout(s.mgrCtx, 15*time.Second)
	defer cancel()
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "Manager", "manager's context") // want `event "Manager" emitted by s\.recorder\.Event is not guarded`
	_ = ctx
}

// Flow-sensitive: the request's context, then the manager's.
func (s *EventServer) handleReassigned(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "Before", "request's context")
	ctx = s.mgrCtx
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "After", "manager's context") // want `event "After" emitted by s\.recorder\.Event is not guarded`
	_ = ctx
}

// A handler with a context of the manager's in hand besides the request's
// is judged: the manager's context is usable.
func (s *EventServer) handleBoth(w http.ResponseWriter, r *http.Request, mgr context.Context) {
	s.audit(r.Context(), "both")                                              // audit's events belong to the request
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "Both", "both contexts") // want `event "Both" emitted by s\.recorder\.Event is not guarded`
}

// A handler with no context variable at all is an emitter, as any function
// without a context: its callers are judged.
func (s *EventServer) handlePlain(w http.ResponseWriter, r *http.Request) { // want handlePlain:`emitter`
	s.recorder.Event(s.obj, corev1.EventTypeWarning, "Plain", "no context variable")
}

// A function literal held by a local and only called: its parameter holds
// a request's context too.
func (s *EventServer) handleLocal(w http.ResponseWriter, r *http.Request) {
	reject := func(ctx context.Context, reason string) {
		s.recorder.Event(s.obj, corev1.EventTypeWarning, reason, "rejected")
	}
	reject(r.Context(), "Rejected")
}

func (s *EventServer) Start(ctx context.Context) error {
	mux := http.NewServeMux()
	mux.HandleFunc("/", s.handleEvent())
	mux.HandleFunc("/shared", s.fromHandler)
	mux.HandleFunc("/exported", s.handleExported)
	mux.HandleFunc("/value", s.handleValue)
	mux.HandleFunc("/manager", s.handleWithManager)
	mux.HandleFunc("/reassigned", s.handleReassigned)
	mux.HandleFunc("/plain", s.handlePlain)
	mux.HandleFunc("/local", s.handleLocal)
	mux.Handle("/serve", s)
	return nil
}
