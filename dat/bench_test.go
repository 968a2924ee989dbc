package dat

import (
	"os"
	"path/filepath"
	"sync"
	"testing"
)

var bigDAT struct {
	once sync.Once
	path string
	err  error
}

// bigDATPath writes (once per test binary) a 100 000-object cell-style DAT.
func bigDATPath(b *testing.B) string {
	bigDAT.once.Do(func() {
		bld := NewBuilder(DatasetCell)
		for i := 0; i < 100000; i++ {
			id := uint32(i)*0x9E3779B1 | 1 // spread over the whole u32 range
			bld.Add(id, objData(id, 16+i%200))
		}
		data, err := bld.Bytes()
		if err != nil {
			bigDAT.err = err
			return
		}
		dir, err := os.MkdirTemp("", "datbench")
		if err != nil {
			bigDAT.err = err
			return
		}
		bigDAT.path = filepath.Join(dir, "big.dat")
		bigDAT.err = os.WriteFile(bigDAT.path, data, 0o644)
	})
	if bigDAT.err != nil {
		b.Fatal(bigDAT.err)
	}
	return bigDAT.path
}

// BenchmarkOpenIndex opens a 100 000-object DAT from disk: header plus the
// whole directory (goal < 150 ms/op).
func BenchmarkOpenIndex(b *testing.B) {
	path := bigDATPath(b)
	b.ReportAllocs()
	b.ResetTimer()
	for b.Loop() {
		c, err := OpenFile(path)
		if err != nil {
			b.Fatal(err)
		}
		if c.Len() != 100000 {
			b.Fatalf("%d entries", c.Len())
		}
		c.Close()
	}
}

// BenchmarkReadObject reads 1 KiB objects (two 1024-byte blocks each) into
// a reused buffer (goal ≤ 2 µs, no whole-file copy), through OpenFile's
// memory map and through plain pread (io.ReaderAt on an *os.File).
func BenchmarkReadObject(b *testing.B) {
	bld := NewBuilder(DatasetPortal)
	const n = 1000
	for i := uint32(0); i < n; i++ {
		bld.Add(0x01000000+i, objData(i, 1024))
	}
	data, err := bld.Bytes()
	if err != nil {
		b.Fatal(err)
	}
	path := filepath.Join(b.TempDir(), "portal.dat")
	if err := os.WriteFile(path, data, 0o644); err != nil {
		b.Fatal(err)
	}
	mapped, err := OpenFile(path)
	if err != nil {
		b.Fatal(err)
	}
	defer mapped.Close()
	f, err := os.Open(path)
	if err != nil {
		b.Fatal(err)
	}
	defer f.Close()
	pread, err := Open(f, int64(len(data)), "portal.dat")
	if err != nil {
		b.Fatal(err)
	}
	for _, bc := range []struct {
		name string
		c    *Container
	}{{"mmap", mapped}, {"pread", pread}} {
		b.Run(bc.name, func(b *testing.B) {
			buf := make([]byte, 0, 1024)
			b.ReportAllocs()
			b.SetBytes(1024)
			i := uint32(0)
			for b.Loop() {
				got, err := bc.c.ReadAppend(buf, 0x01000000+i%n)
				if err != nil || len(got) != 1024 {
					b.Fatal(err)
				}
				i++
			}
		})
	}
}

// BenchmarkDecodeSetup decodes the Setup fixture.
func BenchmarkDecodeSetup(b *testing.B) {
	data, err := EncodeSetup(fixtureSetup())
	if err != nil {
		b.Fatal(err)
	}
	b.ReportAllocs()
	b.SetBytes(int64(len(data)))
	for b.Loop() {
		if _, err := DecodeSetup(0x02000001, data); err != nil {
			b.Fatal(err)
		}
	}
}
