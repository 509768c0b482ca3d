// Stub of github.com/patrickmn/go-cache (v2.1.0+incompatible) for tests:
// same package path, names and signatures as the real package, trivial
// bodies.

package cache

import "time"

const (
	NoExpiration      time.Duration = -1
	DefaultExpiration time.Duration = 0
)

type Cache struct {
	*cache
}

type cache struct {
	items map[string]interface{}
}

// Set adds an item to the cache, replacing any existing item.
func (c *cache) Set(k string, x interface{}, d time.Duration) { c.items[k] = x }

// Get gets an item from the cache.
func (c *cache) Get(k string) (interface{}, bool) {
	x, ok := c.items[k]
	return x, ok
}

// New returns a new cache with a given default expiration duration and
// cleanup interval.
func New(defaultExpiration, cleanupInterval time.Duration) *Cache {
	return &Cache{&cache{items: make(map[string]interface{})}}
}
