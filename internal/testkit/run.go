package testkit

import (
	"bytes"
	"errors"
	"io"
	"os/exec"
	"strings"
	"sync"
	"testing"
)

// A Result is what a finished command printed and its exit code.
type Result struct {
	Stdout, Stderr string
	Output         string // stdout and stderr, interleaved as written
	Code           int
}

// Run runs name with args in dir (the command's path, or a program found
// in PATH such as "go") and returns its result. Failing to start it, or
// its death by a signal, fails the test; a non-zero exit does not.
func Run(t testing.TB, dir, name string, args ...string) Result {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Dir = dir
	return RunCmd(t, cmd)
}

// RunCmd runs cmd, whose Stdout and Stderr must be unset, as [Run] does.
func RunCmd(t testing.TB, cmd *exec.Cmd) Result {
	t.Helper()
	return Start(t, cmd).Wait(t)
}

// A Process is a command started in the background.
type Process struct {
	cmd            *exec.Cmd
	stdout, stderr bytes.Buffer
	output         lockedBuffer
	waited         bool
}

// Start starts cmd, whose Stdout and Stderr must be unset, in the
// background. If the test ends before [Process.Wait] is called, the
// process is killed.
func Start(t testing.TB, cmd *exec.Cmd) *Process {
	t.Helper()
	p := &Process{cmd: cmd}
	cmd.Stdout = io.MultiWriter(&p.stdout, &p.output)
	cmd.Stderr = io.MultiWriter(&p.stderr, &p.output)
	if err := cmd.Start(); err != nil {
		t.Fatalf("%s: %v", cmd, err)
	}
	t.Cleanup(func() {
		if p.waited {
			return
		}
		if err := cmd.Process.Kill(); err != nil {
			t.Logf("killing %s: %v", cmd, err)
		}
		if err := cmd.Wait(); err != nil {
			t.Logf("%s: %v", cmd, err)
		}
	})
	return p
}

// Wait waits for the process to end and returns its result.
func (p *Process) Wait(t testing.TB) Result {
	t.Helper()
	err := p.cmd.Wait()
	p.waited = true
	r := Result{Stdout: p.stdout.String(), Stderr: p.stderr.String(), Output: p.output.String()}
	var exit *exec.ExitError
	switch {
	case errors.As(err, &exit) && exit.ExitCode() >= 0:
		r.Code = exit.ExitCode()
	case err != nil:
		t.Fatalf("%s: %v\n%s", p.cmd, err, r.Output)
	}
	return r
}

// String is the command line, for messages.
func (p *Process) String() string { return strings.Join(p.cmd.Args, " ") }

// lockedBuffer is a buffer that the goroutines copying stdout and stderr
// may write at once.
type lockedBuffer struct {
	mu  sync.Mutex
	buf bytes.Buffer
}

func (b *lockedBuffer) Write(p []byte) (int, error) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.Write(p)
}

func (b *lockedBuffer) String() string {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.buf.String()
}
