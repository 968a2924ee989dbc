//go:build !unix

package dat

import (
	"errors"
	"os"
)

// mmapFile is not available here; OpenFile reads through pread instead.
func mmapFile(f *os.File, size int64) ([]byte, func() error, error) {
	return nil, nil, errors.New("mmap not supported")
}
