package systems

import (
	"testing"

	"github.com/dereth/dereth/components"
)

// TestAheadChangesNothing: a table long enough for ordinaryTick to ask
// ahead (Columns.Ahead) ends every frame as the plain walk over the
// table leaves it: every object's position, velocity and contact bits
// and its part array's current frame, bit for bit, with collision on and
// off.
func TestAheadChangesNothing(t *testing.T) {
	for _, on := range []bool{false, true} {
		ahead, plain := collisionCrowd(t, aheadFrom+3, on), collisionCrowd(t, aheadFrom+3, on)
		for frame := range 4 {
			for _, w := range []*World{ahead, plain} {
				w.Now += benchStep
				syncBodies(w)
			}
			ordinaryTick(ahead)
			for i := 0; i < len(plain.Objects); i++ {
				plain.UpdateObject(plain.Objects[i])
			}
			for i, e := range ahead.Objects {
				a, b := ahead.ECS.Entry(e), plain.ECS.Entry(plain.Objects[i])
				pa, pb := components.PhysicsObj.Get(a), components.PhysicsObj.Get(b)
				if pa.Position != pb.Position || pa.Velocity != pb.Velocity || pa.Transient != pb.Transient {
					t.Fatalf("collision %v, frame %d, object %d: asked ahead %+v, plain %+v", on, frame, i, pa.Position, pb.Position)
				}
				if fa, fb := components.PartArray.Get(a).Sequence.FrameNumber, components.PartArray.Get(b).Sequence.FrameNumber; fa != fb {
					t.Fatalf("collision %v, frame %d, object %d: animation frame %v asked ahead, %v plain", on, frame, i, fa, fb)
				}
			}
		}
	}
}
