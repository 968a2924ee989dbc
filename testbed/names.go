package testbed

import (
	"fmt"
	"sort"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

var stateNames = map[string]physics.State{
	"Static": physics.StateStatic, "Ethereal": physics.StateEthereal,
	"ReportCollisions": physics.StateReportCollisions, "IgnoreCollisions": physics.StateIgnoreCollisions,
	"NoDraw": physics.StateNoDraw, "Missile": physics.StateMissile, "Pushable": physics.StatePushable,
	"AlignPath": physics.StateAlignPath, "PathClipped": physics.StatePathClipped, "Gravity": physics.StateGravity,
	"LightingOn": physics.StateLightingOn, "ParticleEmitter": physics.StateParticleEmitter,
	"Hidden": physics.StateHidden, "ScriptedCollision": physics.StateScriptedCollision,
	"HasPhysicsBSP": physics.StateHasPhysicsBSP, "Inelastic": physics.StateInelastic,
	"HasDefaultAnim": physics.StateHasDefaultAnim, "HasDefaultScript": physics.StateHasDefaultScript,
	"Cloaked": physics.StateCloaked, "ReportCollisionsAsEnvironment": physics.StateReportCollisionsAsEnvironment,
	"EdgeSlide": physics.StateEdgeSlide, "Sledding": physics.StateSledding, "Frozen": physics.StateFrozen,
}

var transientNames = map[string]physics.Transient{
	"Contact": physics.TransientContact, "OnWalkable": physics.TransientOnWalkable,
	"Sliding": physics.TransientSliding, "WaterContact": physics.TransientWaterContact,
	"StationaryFall": physics.TransientStationaryFall, "StationaryStop": physics.TransientStationaryStop,
	"StationaryStuck": physics.TransientStationaryStuck, "Active": physics.TransientActive,
	"CheckEthereal": physics.TransientCheckEthereal,
}

var hookNames = func() map[string]dat.HookType {
	m := map[string]dat.HookType{}
	for t := dat.HookNoOp; t <= dat.HookCreateBlockingParticle; t++ {
		m[t.String()] = t
	}
	return m
}()

func names[T comparable](m map[string]T) string {
	var out []string
	for k := range m {
		out = append(out, k)
	}
	sort.Strings(out)
	return fmt.Sprint(out)
}

// stateList names the set bits of s.
func stateList(s physics.State) []any {
	var out []string
	for n, b := range stateNames {
		if s.Has(b) {
			out = append(out, n)
		}
	}
	sort.Strings(out)
	res := make([]any, len(out))
	for i, n := range out {
		res[i] = n
	}
	return res
}
