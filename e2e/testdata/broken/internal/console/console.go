// Package console serves the web console: the frontend built into dist/
// (npm run build, which this checkout has not run) and a small API.
package console

import (
	"context"
	"embed"
	"errors"
	"io/fs"
	"net/http"

	corev1 "k8s.io/api/core/v1"
	"k8s.io/apimachinery/pkg/types"
	"k8s.io/client-go/tools/record"
	"sigs.k8s.io/controller-runtime/pkg/client"
)

//go:embed dist/*
var dist embed.FS

// Server is the console's HTTP server.
type Server struct {
	Client   client.Client
	Recorder record.EventRecorder
	Resync   func(ctx context.Context, key types.NamespacedName) error
}

// Handler serves the frontend and the API.
func (s *Server) Handler() (http.Handler, error) {
	static, err := fs.Sub(dist, "dist")
	if err != nil {
		return nil, err
	}
	mux := http.NewServeMux()
	mux.Handle("/", http.FileServerFS(static))
	mux.HandleFunc("POST /api/namespaces/{namespace}/buckets/{name}/resync", s.resync)
	return mux, nil
}

// resync reconciles a bucket now, at the user's request. Its events hold
// only the request's context, which shutdown does not cancel: they are
// left alone.
func (s *Server) resync(w http.ResponseWriter, r *http.Request) {
	ctx := r.Context()
	key := types.NamespacedName{Namespace: r.PathValue("namespace"), Name: r.PathValue("name")}
	if err := s.Resync(ctx, key); err != nil {
		if errors.Is(ctx.Err(), context.Canceled) {
			return // the client went away
		}
		ns := &corev1.Namespace{}
		if s.Client.Get(ctx, types.NamespacedName{Name: key.Namespace}, ns) == nil {
			s.Recorder.Eventf(ns, corev1.EventTypeWarning, "ResyncFailed", "resync of %s: %v", key, err) // left alone: the request's context only
		}
		http.Error(w, err.Error(), http.StatusBadGateway)
		return
	}
	w.WriteHeader(http.StatusAccepted)
}

// Start checks that the console can read namespaces, then serves until the
// manager shuts down (a manager runnable).
func (s *Server) Start(ctx context.Context) error {
	ns := &corev1.Namespace{}
	if err := s.Client.Get(ctx, types.NamespacedName{Name: "default"}, ns); err != nil {
		s.Recorder.Eventf(ns, corev1.EventTypeWarning, "ConsoleFailed", "reading namespaces: %v", err) // finding: the Get fails with context canceled at shutdown
		return err
	}
	<-ctx.Done()
	return nil
}
