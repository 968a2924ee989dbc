package luahost

import "bytes"

// RunSource runs a script held in memory (an embedded default script) as
// RunFile runs a file: the same limits and error reporting, messages
// starting with "name:line:". Nothing is written to disk; require and
// dofile still read only inside Options.Dir.
func (h *Host) RunSource(name string, src []byte) error {
	fn, err := h.ls.Load(bytes.NewReader(src), name)
	if err != nil {
		return &ScriptError{Message: compileMessage(err, name, src), Err: ErrSyntax}
	}
	_, err = h.protectedCall(fn)
	return err
}
