package protocol

import "testing"

// TestDecodeIntoReusedValue decodes a large message and then a small one
// into the same value: nothing of the first may leak into the second.
func TestDecodeIntoReusedValue(t *testing.T) {
	var co CreateObject
	if _, err := DecodeCreateObject(fullCreateObject().Encode(nil), &co); err != nil {
		t.Fatal(err)
	}
	small := vectorNamed("CreateObject/minimal").msg.(*CreateObject) // CreateObject/minimal
	if _, err := DecodeCreateObject(small.Encode(nil), &co); err != nil {
		t.Fatal(err)
	}
	if !sameValue(&co, small) {
		t.Fatalf("reused CreateObject kept old data:\n got %+v\nwant %+v", co, small)
	}

	var um UpdateMotion
	if _, err := DecodeUpdateMotion(vectorNamed("UpdateMotion/full_ims").msg.Encode(nil), &um); err != nil { // full IMS, 2 actions
		t.Fatal(err)
	}
	actions := um.Movement.State.Actions
	for _, name := range []string{"UpdateMotion/doc_example", "UpdateMotion/move_to_object", "UpdateMotion/full_ims"} {
		want := vectorNamed(name).msg.(*UpdateMotion)
		if _, err := DecodeUpdateMotion(want.Encode(nil), &um); err != nil {
			t.Fatal(err)
		}
		if !sameValue(&um, want) {
			t.Fatalf("%s: reused UpdateMotion kept old data:\n got %+v\nwant %+v", name, um, want)
		}
	}
	if &um.Movement.State.Actions[0] != &actions[0] {
		t.Fatalf("the action slice was reallocated instead of reused")
	}
}

func TestUpdateMotionFastPathMatchesSlowPath(t *testing.T) {
	for _, v := range vectors() {
		if _, ok := v.msg.(*UpdateMotion); !ok {
			continue
		}
		enc := v.msg.Encode(nil)
		var fast, slow UpdateMotion
		nf, ok := decodeUpdateMotionFast(enc, &fast)
		ns, err := decodeUpdateMotionSlow(enc, &slow)
		if err != nil {
			t.Fatalf("%s: slow path: %v", v.name, err)
		}
		wantFast := slow.Movement.Type == MovementInterpreted
		if ok != wantFast {
			t.Fatalf("%s: fast path taken %v, want %v", v.name, ok, wantFast)
		}
		if ok && (nf != ns || !sameValue(&fast, &slow)) {
			t.Fatalf("%s: paths disagree\nfast %+v\nslow %+v", v.name, fast, slow)
		}
	}
}
