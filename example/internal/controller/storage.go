package controller

import (
	"archive/tar"
	"compress/gzip"
	"context"
	"crypto/sha256"
	"fmt"
	"io"
	"io/fs"
	"os"
	"path/filepath"

	"sigs.k8s.io/controller-runtime/pkg/client"

	v1 "example.com/controllers/api/v1"
)

// Storage keeps the artifacts produced by the source reconcilers.
type Storage interface {
	Exists(a v1.Artifact) bool
	PathFor(obj client.Object, revision string) string
	Archive(ctx context.Context, a *v1.Artifact, dir string) error
	RemoveAll(ctx context.Context, obj client.Object) error
}

// LocalStorage is a Storage on the local file system.
type LocalStorage struct {
	Root string
}

var _ Storage = &LocalStorage{}

// Exists implements Storage.
func (s *LocalStorage) Exists(a v1.Artifact) bool {
	_, err := os.Stat(filepath.Join(s.Root, a.Path))
	return err == nil
}

// PathFor implements Storage.
func (s *LocalStorage) PathFor(obj client.Object, revision string) string {
	return filepath.Join(obj.GetNamespace(), obj.GetName(), revision+".tar.gz")
}

// Archive implements Storage: it writes dir as a gzipped tarball.
func (s *LocalStorage) Archive(ctx context.Context, a *v1.Artifact, dir string) (err error) {
	path := filepath.Join(s.Root, a.Path)
	if err := os.MkdirAll(filepath.Dir(path), 0o755); err != nil {
		return err
	}
	f, err := os.Create(path)
	if err != nil {
		return err
	}
	defer func() {
		if cerr := f.Close(); err == nil {
			err = cerr
		}
	}()
	h := sha256.New()
	gz := gzip.NewWriter(io.MultiWriter(f, h))
	tw := tar.NewWriter(gz)
	if err := tw.AddFS(ctxFS{ctx: ctx, FS: os.DirFS(dir)}); err != nil {
		return err
	}
	if err := tw.Close(); err != nil {
		return err
	}
	if err := gz.Close(); err != nil {
		return err
	}
	a.Digest = fmt.Sprintf("sha256:%x", h.Sum(nil))
	return nil
}

// RemoveAll implements Storage.
func (s *LocalStorage) RemoveAll(ctx context.Context, obj client.Object) error {
	if err := ctx.Err(); err != nil {
		return err
	}
	return os.RemoveAll(filepath.Join(s.Root, obj.GetNamespace(), obj.GetName()))
}

// ctxFS stops a walk once ctx is done.
type ctxFS struct {
	ctx context.Context
	fs.FS
}

func (c ctxFS) Open(name string) (fs.File, error) {
	if err := c.ctx.Err(); err != nil {
		return nil, err
	}
	return c.FS.Open(name)
}
