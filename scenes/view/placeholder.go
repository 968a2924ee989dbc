package view

import (
	"errors"
	"fmt"
	"strings"

	"github.com/dereth/dereth/components"
	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
	"github.com/dereth/dereth/systems"
)

// Placeholder box: an object whose model the DATs lack (its Setup, or
// every GfxObj of its parts) is drawn as a box PlaceholderWidth square
// and PlaceholderHeight tall standing on its origin, in
// PlaceholderColour, with a label (Renderer.Placeholders) so it can be
// told apart and picked.
const (
	PlaceholderWidth  = 0.8
	PlaceholderHeight = 1.8
)

// PlaceholderColour is the placeholder box's surface colour (magenta:
// no retail surface uses it for a whole object).
var PlaceholderColour = rgb{0.95, 0.2, 0.85}

// Placeholder is one placeholder box the last Build drew: whose it is,
// its label and the screen point above the box the label is drawn at.
type Placeholder struct {
	GUID  uint32
	Label string
	// X, Y is the screen point just above the box's top centre.
	X, Y float32
	// Depth is the box's camera depth (labels nearer the eye first).
	Depth float32
}

// placeholderMesh is the box, built once: two-sided, so its winding
// cannot hide it, and slightly luminous, so it shows at night.
var placeholderMesh = func() *Mesh {
	const h, t = PlaceholderWidth / 2, PlaceholderHeight
	m := &Mesh{Pos: []physics.Vec3{
		{X: -h, Y: -h}, {X: h, Y: -h}, {X: h, Y: h}, {X: -h, Y: h},
		{X: -h, Y: -h, Z: t}, {X: h, Y: -h, Z: t}, {X: h, Y: h, Z: t}, {X: -h, Y: h, Z: t},
	}}
	m.Nrm = make([]physics.Vec3, len(m.Pos))
	quads := [6][4]uint16{{0, 1, 2, 3}, {4, 7, 6, 5}, {0, 4, 5, 1}, {1, 5, 6, 2}, {2, 6, 7, 3}, {3, 7, 4, 0}}
	for _, q := range quads {
		for _, tri := range [2][3]uint16{{q[0], q[1], q[2]}, {q[0], q[2], q[3]}} {
			m.Tris = append(m.Tris, meshTri{A: tri[0], B: tri[1], C: tri[2], Front: PlaceholderColour, Back: PlaceholderColour,
				TwoSided: true, Alpha: 1, Lum: 0.35})
		}
	}
	for _, p := range m.Pos {
		m.Radius = max(m.Radius, p.Len())
	}
	return m
}()

// buildPlaceholder draws an object without a model as the placeholder
// box at its position (the published root when there is one) and
// records its label. Contained objects (no cell) and hidden ones draw
// nothing.
func (r *Renderer) buildPlaceholder(o *components.View) {
	pos := o.Phys.Position
	if o.Pres != nil && o.Pres.Root.Cell != 0 {
		pos = o.Pres.Root
	}
	if pos.Cell == 0 || o.Phys.Parent != 0 || o.Phys.State.Has(physics.StateHidden) || o.Phys.State.Has(physics.StateNoDraw) {
		return
	}
	if pos.Frame.Orientation == (physics.Quat{}) {
		pos.Frame.Orientation = physics.IdentityQuat
	}
	origin := r.cam.ToRender(pos)
	if !r.noCull && !r.inView(r.cam.ToCamera(origin), placeholderMesh.Radius+PlaceholderHeight/2) {
		return
	}
	idx := int32(len(r.Drawn))
	r.Drawn = append(r.Drawn, Drawn{GUID: o.Phys.GUID, Name: o.Name, Bounds: emptyRect})
	root := physics.RotateMat4(pos.Frame.Orientation)
	root[3][0], root[3][1], root[3][2] = origin.X, origin.Y, origin.Z
	view := r.cam.View()
	r.buildMesh(placeholderMesh, affineMul(&root, &view), idx, 1)
	if r.cam.Map {
		r.mapMarker(o, origin, idx)
	}
	top := r.cam.ToCamera(origin.Add(physics.Vec3{Z: PlaceholderHeight + 0.3}))
	if top.Z < NearPlane && !r.cam.Map {
		return
	}
	x, y := r.cam.ScreenOf(top)
	r.Placeholders = append(r.Placeholders, Placeholder{GUID: o.Phys.GUID, Label: PlaceholderLabel(o), X: x, Y: y, Depth: top.Z})
}

// PlaceholderLabel is the text over an object's placeholder box: its
// name and guid, and that its model is missing.
func PlaceholderLabel(o *components.View) string {
	name := o.Name
	if name == "" {
		name = "object"
	}
	return fmt.Sprintf("%s 0x%08X\n(no model in the DAT)", name, o.Phys.GUID)
}

// MissingAsset is one asset the viewer could not read: its DAT type
// (Setup, GfxObj, Surface, MotionTable…), its id, and whether it is
// simply not in the DAT (the usual case over the sample DATs) rather
// than broken.
type MissingAsset struct {
	Type     string
	ID       uint32
	NotFound bool
	// Err is the error, for an asset that is there but failed to read.
	Err string
}

// failAsset records an asset's failure: in Errors (the full message) and
// in Missing (type and id, once).
func (r *Renderer) failAsset(typ string, id uint32, err error) {
	r.fail(fmt.Errorf("%s 0x%08X: %w", typ, id, err))
	if r.missingSeen == nil {
		r.missingSeen = map[MissingAsset]bool{}
	}
	k := MissingAsset{Type: typ, ID: id}
	if r.missingSeen[k] {
		return
	}
	r.missingSeen[k] = true
	m := MissingAsset{Type: typ, ID: id, NotFound: errors.Is(err, dat.ErrNotFound)}
	if !m.NotFound {
		m.Err = err.Error()
	}
	r.Missing = append(r.Missing, m)
}

// String is the asset's HUD line: "GfxObj 0x01001212 not in the DAT",
// or its error.
func (m MissingAsset) String() string {
	if m.NotFound || m.Err == "" {
		return fmt.Sprintf("%s 0x%08X not in the DAT", m.Type, m.ID)
	}
	return fmt.Sprintf("%s 0x%08X: %s", m.Type, m.ID, m.Err)
}

// MaxMissingListed is how many missing assets the HUD lists.
const MaxMissingListed = 8

// MissingText is the HUD's missing-asset list: a count, then up to
// MaxMissingListed assets one a line, each wrapped at word boundaries to
// cols columns (never cut mid-id), and how many more there are. It is
// empty when nothing is missing.
func MissingText(missing []MissingAsset, cols int) string {
	if len(missing) == 0 {
		return ""
	}
	cols = max(cols, 24)
	var b strings.Builder
	fmt.Fprintf(&b, "missing assets: %d (objects without a model are boxes)\n", len(missing))
	for i, m := range missing {
		if i == MaxMissingListed {
			fmt.Fprintf(&b, "  ... %d more\n", len(missing)-MaxMissingListed)
			break
		}
		for j, l := range wrap(m.String(), cols-4) {
			if j == 0 {
				b.WriteString("  " + l + "\n")
			} else {
				b.WriteString("    " + l + "\n")
			}
		}
	}
	return b.String()
}

// AssetText is the HUD's asset section: MissingText, then the first
// five errors that are not one missing asset's (a landblock that failed
// to read), each wrapped at word boundaries to cols columns.
func AssetText(missing []MissingAsset, errs []string, cols int) string {
	text := MissingText(missing, cols)
	cols = max(cols, 24)
	n := 0
	for _, e := range errs {
		if n == 5 {
			break
		}
		if assetError(e, missing) {
			continue
		}
		if n == 0 {
			text += "asset errors:\n"
		}
		n++
		for j, l := range wrap(e, cols-4) {
			if j == 0 {
				text += "  " + l + "\n"
			} else {
				text += "    " + l + "\n"
			}
		}
	}
	return text
}

// assetError reports whether an error line is a missing asset's: it
// starts with the asset's type and id (failAsset's form).
func assetError(e string, missing []MissingAsset) bool {
	for _, m := range missing {
		if strings.HasPrefix(e, fmt.Sprintf("%s 0x%08X:", m.Type, m.ID)) {
			return true
		}
	}
	return false
}

// SidePanelCols is how many columns a corner panel of a w×h screen has
// beside the Centre: the width MissingText wraps to so FitPanel never
// cuts its lines.
func SidePanelCols(w, h int) int {
	c := Centre(w, h)
	return max((c.Min.X-2*PanelMargin-panelPadW)/CharW, 24)
}

// BottomPanelRows is how many text lines a bottom corner panel of a w×h
// screen holds below the Centre (the chat panel's rows).
func BottomPanelRows(w, h int) int {
	c := Centre(w, h)
	return max((h-c.Max.Y-2*PanelMargin-panelPadH)/LineH, 2)
}

// PlayerBanner says why the local player is not drawn, for the banner at
// the top of the window: not named yet, not created yet, in portal space
// (and what the arrival waits on), hidden by the server, or without a
// position. It is empty while the player can be seen (a placeholder box
// counts).
func PlayerBanner(w *systems.World) string {
	if w.PlayerGUID == 0 {
		return "no player yet: the server has not named the character (Login_CreatePlayer 0xF746)"
	}
	o := w.Object(w.PlayerGUID)
	if o == nil {
		return fmt.Sprintf("player 0x%08X not in the world yet: no CreateObject for it so far", w.PlayerGUID)
	}
	if w.SmartBox.InPortalSpace() {
		why := "the login or teleport has not placed it yet"
		switch w.SmartBox.TravelState() {
		case "awaiting":
			why = "waiting for the server's destination position"
		case "loading":
			d, _ := w.SmartBox.TravelDestination()
			why = fmt.Sprintf("landblock 0x%04X of the destination is still loading", d.Cell>>16)
		case "committed":
			why = "arriving at the destination"
		}
		return "player hidden: in portal space, " + why
	}
	switch p := o.Phys; {
	case p.State.Has(physics.StateHidden):
		return "player hidden: the server set its Hidden physics state"
	case p.State.Has(physics.StateNoDraw):
		return "player hidden: the server set its NoDraw physics state"
	case p.Parent != 0:
		return fmt.Sprintf("player hidden: held by 0x%08X", p.Parent)
	case p.Position.Cell == 0:
		return "player hidden: it has no position yet (no Position in its CreateObject)"
	}
	return ""
}
