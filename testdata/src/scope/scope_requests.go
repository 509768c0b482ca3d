package scope

// Under scope reconcile too, a call whose only context is an HTTP
// request's is outside the rule: the handler is no emitter. A function
// outside reconcile code with a usable context is one.

import (
	"context"
	"net/http"

	corev1 "k8s.io/api/core/v1"
)

type server struct {
	r *R
}

func (s *server) handle(w http.ResponseWriter, req *http.Request) {
	ctx := req.Context()
	s.r.rec.Event(s.r.obj, corev1.EventTypeWarning, "Request", "the request's context only")
	_ = ctx
}

func (s *server) outside(ctx context.Context) { // want outside:`emitter`
	s.r.rec.Event(s.r.obj, corev1.EventTypeWarning, "Outside", "a usable context outside reconcile code")
}

func (s *server) routes(mux *http.ServeMux) {
	mux.HandleFunc("/", s.handle)
}
