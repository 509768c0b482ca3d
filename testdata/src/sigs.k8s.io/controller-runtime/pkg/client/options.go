// Stub of sigs.k8s.io/controller-runtime/pkg/client for tests: same package
// path, names and signatures as the real package, trivial bodies.

package client

// GetOption is some configuration that modifies options for a get request.
type GetOption interface {
	ApplyToGet(*GetOptions)
}

// UpdateOption is some configuration that modifies options for a update request.
type UpdateOption interface {
	ApplyToUpdate(*UpdateOptions)
}

// PatchOption is some configuration that modifies options for a patch request.
type PatchOption interface {
	ApplyToPatch(*PatchOptions)
}

// SubResourceCreateOption configures a subresource create request.
type SubResourceCreateOption interface {
	ApplyToSubResourceCreate(*SubResourceCreateOptions)
}

// SubResourceUpdateOption configures a subresource update request.
type SubResourceUpdateOption interface {
	ApplyToSubResourceUpdate(*SubResourceUpdateOptions)
}

// SubResourcePatchOption configures a subresource patch request.
type SubResourcePatchOption interface {
	ApplyToSubResourcePatch(*SubResourcePatchOptions)
}

// GetOptions contains options for get operation.
type GetOptions struct{}

// UpdateOptions contains options for update requests.
type UpdateOptions struct {
	DryRun       []string
	FieldManager string
}

// PatchOptions contains options for patch requests.
type PatchOptions struct {
	DryRun       []string
	Force        *bool
	FieldManager string
}

// SubResourceCreateOptions are all the possible configurations for a subresource create request.
type SubResourceCreateOptions struct{}

// SubResourceUpdateOptions holds all the possible configuration for a subresource update request.
type SubResourceUpdateOptions struct{}

// SubResourcePatchOptions holds all possible configurations for a subresource patch request.
type SubResourcePatchOptions struct{}
