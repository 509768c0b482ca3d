// Package server runs the webhook receiver: Git hosts call it on push, and
// it asks the source controller to reconcile the matching GitRepository.
package server

import (
	"context"
	"net"
	"net/http"
	"strings"
	"time"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/controllers/api/v1"
	"example.com/controllers/internal/events"
)

// RequestedAtAnnotation asks the controller to reconcile an object now.
const RequestedAtAnnotation = "reconcile.toolkit.example.com/requestedAt"

// Receiver is an HTTP server run by the manager. Its requests' contexts
// derive from the manager's (BaseContext), so shutdown cancels them: the
// handler works under the manager's context explicitly, which the analyzer
// checks (a request's context it leaves alone).
type Receiver struct {
	Addr     string
	Client   client.Client
	Recorder events.Multi

	mgrCtx context.Context // set by Start
}

// Start implements manager.Runnable: it serves until ctx is cancelled.
func (s *Receiver) Start(ctx context.Context) error {
	s.mgrCtx = ctx
	mux := http.NewServeMux()
	mux.HandleFunc("POST /hook/{namespace}/{name}", s.handleHook)
	srv := &http.Server{
		Addr:              s.Addr,
		Handler:           mux,
		ReadHeaderTimeout: 10 * time.Second,
		BaseContext:       func(net.Listener) context.Context { return ctx },
	}
	return serve(ctx, srv)
}

// handleHook annotates the GitRepository named in the path so that it is
// reconciled immediately.
func (s *Receiver) handleHook(w http.ResponseWriter, req *http.Request) {
	ctx, cancel := context.WithTimeout(s.mgrCtx, 30*time.Second)
	defer cancel()
	key := types.NamespacedName{Namespace: req.PathValue("namespace"), Name: req.PathValue("name")}
	if strings.TrimSpace(key.Name) == "" {
		http.Error(w, "missing name", http.StatusBadRequest)
		return
	}

	obj := &v1.GitRepository{}
	if err := s.Client.Get(ctx, key, obj); err != nil {
		http.Error(w, client.IgnoreNotFound(err).Error(), http.StatusNotFound)
		return
	}
	patch := client.MergeFrom(obj.DeepCopy())
	if obj.Annotations == nil {
		obj.Annotations = map[string]string{}
	}
	obj.Annotations[RequestedAtAnnotation] = time.Now().Format(time.RFC3339Nano)
	if err := s.Client.Patch(ctx, obj, patch); err != nil {
		s.Recorder.Eventf(obj, nil, corev1.EventTypeWarning, "ReceiverFailed", "RequestReconcile", "failed to request reconciliation: %s", err) // finding: the manager's context is cancelled at shutdown
		http.Error(w, err.Error(), http.StatusInternalServerError)
		return
	}
	if ctx.Err() == nil {
		s.Recorder.Eventf(obj, nil, corev1.EventTypeNormal, "ReconcileRequested", "RequestReconcile", "reconciliation requested by webhook") // guarded
	}
	w.WriteHeader(http.StatusAccepted)
}
