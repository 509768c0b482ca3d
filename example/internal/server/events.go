package server

import (
	"context"
	"encoding/json"
	"errors"
	"net/http"
	"regexp"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"
	"sigs.k8s.io/controller-runtime/pkg/log"

	v1 "example.com/controllers/api/v1"
	"example.com/controllers/internal/events"
)

// EventServer receives the events other controllers post, and forwards
// those whose message matches the repository's inclusion pattern, as
// notification-controller's event server does. It sets no BaseContext:
// a request's context is not cancelled when the manager shuts down
// (Shutdown lets running requests finish), so its events are no false
// alarms, and the analyzer leaves them alone.
type EventServer struct {
	Addr     string
	Client   client.Client
	Recorder events.Multi
}

// Event is what a controller posts.
type Event struct {
	Namespace string `json:"namespace"`
	Name      string `json:"name"`
	Message   string `json:"message"`
	Include   string `json:"include"`
}

// Start implements manager.Runnable.
func (s *EventServer) Start(ctx context.Context) error {
	mux := http.NewServeMux()
	mux.HandleFunc("POST /events", s.handleEvent())
	srv := &http.Server{Addr: s.Addr, Handler: mux, ReadHeaderTimeout: 10 * time.Second}
	return serve(ctx, srv)
}

// handleEvent returns the handler; its context comes from the request.
func (s *EventServer) handleEvent() http.HandlerFunc {
	return func(w http.ResponseWriter, r *http.Request) {
		ctx, cancel := context.WithTimeout(r.Context(), 15*time.Second)
		defer cancel()

		var ev Event
		if err := json.NewDecoder(r.Body).Decode(&ev); err != nil {
			http.Error(w, err.Error(), http.StatusBadRequest)
			return
		}
		obj := &v1.GitRepository{}
		if err := s.Client.Get(ctx, types.NamespacedName{Namespace: ev.Namespace, Name: ev.Name}, obj); err != nil {
			http.Error(w, client.IgnoreNotFound(err).Error(), http.StatusNotFound)
			return
		}
		if !s.messageIsIncluded(ctx, obj, ev) {
			w.WriteHeader(http.StatusAccepted)
			return
		}
		s.Recorder.Eventf(obj, nil, corev1.EventTypeNormal, "EventForwarded", "Forward", "%s", ev.Message) // left alone: a request's context only
		w.WriteHeader(http.StatusAccepted)
	}
}

// messageIsIncluded is called only from the handler, with the request's
// context: its events belong to the request too.
func (s *EventServer) messageIsIncluded(ctx context.Context, obj *v1.GitRepository, ev Event) bool {
	if ev.Include == "" {
		return true
	}
	re, err := regexp.Compile(ev.Include)
	if err != nil {
		s.Recorder.Eventf(obj, nil, corev1.EventTypeWarning, "InvalidInclusionRegex", "Forward", "failed to compile %q: %s", ev.Include, err) // left alone: a real configuration error
		return false
	}
	if !re.MatchString(ev.Message) {
		log.FromContext(ctx).V(1).Info("event excluded", "object", ev.Name)
		return false
	}
	return true
}

// serve runs srv until ctx is cancelled, then shuts it down, letting
// running requests finish.
func serve(ctx context.Context, srv *http.Server) error {
	go func() {
		<-ctx.Done()
		shutdownCtx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
		defer cancel()
		_ = srv.Shutdown(shutdownCtx)
	}()
	if err := srv.ListenAndServe(); err != nil && !errors.Is(err, http.ErrServerClosed) {
		return err
	}
	return nil
}
