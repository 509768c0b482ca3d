package action

import (
	"context"
	"crypto/sha256"
	"fmt"
	"maps"
	"slices"
	"sync"
)

// MemoryStore is a Store that keeps releases in memory. It is what the
// manager uses when no cluster-side release storage is configured.
type MemoryStore struct {
	mu        sync.Mutex
	revisions []string
}

var _ Store = &MemoryStore{}

// Install implements Store.
func (s *MemoryStore) Install(chart string, values map[string]string) (string, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	rev := revisionOf(chart, values)
	s.revisions = append(s.revisions, rev)
	return rev, nil
}

// Upgrade implements Store.
func (s *MemoryStore) Upgrade(ctx context.Context, chart string, values map[string]string) (string, error) {
	if err := ctx.Err(); err != nil {
		return "", err
	}
	return s.Install(chart, values)
}

// Rollback implements Store.
func (s *MemoryStore) Rollback(ctx context.Context, revision string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	i := slices.Index(s.revisions, revision)
	if i < 0 {
		return fmt.Errorf("revision %s: %w", revision, ErrNoRevision)
	}
	s.revisions = s.revisions[:i+1]
	return ctx.Err()
}

// Uninstall implements Store.
func (s *MemoryStore) Uninstall(ctx context.Context, _ string) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.revisions = nil
	return ctx.Err()
}

// Ready implements Store.
func (s *MemoryStore) Ready(ctx context.Context, _ string) (bool, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return len(s.revisions) > 0, ctx.Err()
}

func revisionOf(chart string, values map[string]string) string {
	h := sha256.New()
	fmt.Fprint(h, chart)
	for _, k := range slices.Sorted(maps.Keys(values)) {
		fmt.Fprint(h, k, "=", values[k])
	}
	return fmt.Sprintf("%x", h.Sum(nil))[:12]
}
