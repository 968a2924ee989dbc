package protocol

import (
	"errors"
	"testing"
)

// fuzzDecoder seeds f with every vector and checks that decode never panics,
// fails only with a *DecodeError, never claims more bytes than it got, and
// that a successful decode re-encodes to bytes that decode to the same value.
func fuzzDecoder[T any, P interface {
	*T
	Message
}](f *testing.F, decode func([]byte, P) (int, error)) {
	for _, v := range vectors() {
		f.Add(v.msg.Encode(nil))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var m T
		n, err := decode(b, P(&m))
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			return
		}
		if n > len(b) {
			t.Fatalf("used %d of %d bytes", n, len(b))
		}
		enc := P(&m).Encode(nil)
		var back T
		n2, err := decode(enc, P(&back))
		if err != nil {
			t.Fatalf("re-encoded message does not decode: %v\n%x", err, enc)
		}
		if n2 != len(enc) {
			t.Fatalf("re-encoded message: used %d of %d bytes", n2, len(enc))
		}
		if !sameValue(&m, &back) {
			t.Fatalf("value changed across encode/decode\nfirst  %+v\nsecond %+v", m, back)
		}
	})
}

func FuzzDecodeCreateObject(f *testing.F)   { fuzzDecoder(f, DecodeCreateObject) }
func FuzzDecodeUpdateObject(f *testing.F)   { fuzzDecoder(f, DecodeUpdateObject) }
func FuzzDecodeUpdateMotion(f *testing.F)   { fuzzDecoder(f, DecodeUpdateMotion) }
func FuzzDecodeUpdatePosition(f *testing.F) { fuzzDecoder(f, DecodeUpdatePosition) }
func FuzzDecodeJump(f *testing.F)           { fuzzDecoder(f, DecodeJump) }
func FuzzDecodePositionAndMovement(f *testing.F) {
	fuzzDecoder(f, DecodePositionAndMovement)
}
func FuzzDecodeObjDescEvent(f *testing.F)   { fuzzDecoder(f, DecodeObjDescEvent) }
func FuzzDecodeDeleteObject(f *testing.F)   { fuzzDecoder(f, DecodeDeleteObject) }
func FuzzDecodeSetState(f *testing.F)       { fuzzDecoder(f, DecodeSetState) }
func FuzzDecodePlayerTeleport(f *testing.F) { fuzzDecoder(f, DecodePlayerTeleport) }
func FuzzDecodePlayEffect(f *testing.F)     { fuzzDecoder(f, DecodePlayEffect) }
func FuzzDecodeVectorUpdate(f *testing.F)   { fuzzDecoder(f, DecodeVectorUpdate) }
func FuzzDecodeParentEvent(f *testing.F)    { fuzzDecoder(f, DecodeParentEvent) }
func FuzzDecodePickupEvent(f *testing.F)    { fuzzDecoder(f, DecodePickupEvent) }
func FuzzDecodeSound(f *testing.F)          { fuzzDecoder(f, DecodeSound) }
func FuzzDecodePlayerCreate(f *testing.F)   { fuzzDecoder(f, DecodePlayerCreate) }
func FuzzDecodeGameEvent(f *testing.F)      { fuzzDecoder(f, DecodeGameEvent) }
func FuzzDecodeGameAction(f *testing.F)     { fuzzDecoder(f, DecodeGameAction) }
func FuzzDecodeMoveToState(f *testing.F)    { fuzzDecoder(f, DecodeMoveToState) }
func FuzzDecodeAutonomousPosition(f *testing.F) {
	fuzzDecoder(f, DecodeAutonomousPosition)
}

// FuzzDecode is the one target over every opcode: it drives the opcode
// table (typed codecs and every catalogue message, event and action) and
// the field views.
func FuzzDecode(f *testing.F) {
	for _, v := range vectors() {
		f.Add(v.msg.Encode(nil))
	}
	for i, m := range Catalog() {
		if i%3 == 0 {
			f.Add(catalogWire(&m))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		m, n, err := DecodePrefix(b)
		if err != nil {
			var de *DecodeError
			if !errors.As(err, &de) {
				t.Fatalf("error %v is not a *DecodeError", err)
			}
			return
		}
		if n > len(b) {
			t.Fatalf("used %d of %d bytes", n, len(b))
		}
		back, err := Decode(m.Encode(nil))
		if err != nil {
			t.Fatalf("re-encoded %s does not decode: %v", m.Name(), err)
		}
		if !sameValue(m, back) {
			t.Fatalf("%s changed across encode/decode", m.Name())
		}
		m.Fields().AppendJSON(nil)
		m.Fields().AppendText(nil)
	})
}

// FuzzUpdateMotionFastPath checks that the single-length-check path and the
// field-by-field path of DecodeUpdateMotion agree on every input.
func FuzzUpdateMotionFastPath(f *testing.F) {
	for _, v := range vectors() {
		if _, ok := v.msg.(*UpdateMotion); ok {
			f.Add(v.msg.Encode(nil))
		}
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		var fast, slow UpdateMotion
		nf, ok := decodeUpdateMotionFast(b, &fast)
		ns, err := decodeUpdateMotionSlow(b, &slow)
		if ok {
			if err != nil || nf != ns || !sameValue(&fast, &slow) {
				t.Fatalf("fast path (%d bytes) and slow path (%d bytes, %v) disagree\nfast %+v\nslow %+v", nf, ns, err, fast, slow)
			}
			return
		}
		if err == nil && slow.Movement.Type == MovementInterpreted {
			t.Fatalf("fast path refused a type-0 message the slow path decodes: %x", b)
		}
	})
}
