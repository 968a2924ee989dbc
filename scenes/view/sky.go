package view

import (
	"math"

	"github.com/dereth/dereth/dat"
	"github.com/dereth/dereth/physics"
)

// Skyer is optionally implemented by Assets to light the world by time of
// day: the Region's sky (its first day group's SkyTimeOfDay entries).
// Without it, or without sky data, DefaultLighting is used.
type Skyer interface {
	Sky() *dat.SkyDesc
}

// DefaultDayFraction is the viewer's time of day until changed: mid
// morning, the sun in the south-east.
const DefaultDayFraction = 0.4

// Lighting is the light of one moment of the day.
type Lighting struct {
	// SunDir points toward the sun (render space, unit).
	SunDir physics.Vec3
	// Sun is the directional light's colour times its brightness;
	// Ambient the ambient light's.
	Sun, Ambient rgb
	// Fog is the world fog colour; FogMin and FogMax the distances where
	// it begins and where it hides everything. FogMax 0 is no fog.
	Fog            rgb
	FogMin, FogMax float32
	// SkyTop and SkyHorizon are the sky gradient's colours.
	SkyTop, SkyHorizon rgb
}

// DefaultLighting is the light without sky data: the viewer's fixed sun,
// no fog, a clear blue sky.
var DefaultLighting = Lighting{
	SunDir: lightDir, Sun: rgb{diffuse, diffuse, diffuse}, Ambient: rgb{ambient, ambient, ambient},
	SkyTop: rgb{0.30, 0.45, 0.75}, SkyHorizon: rgb{0.68, 0.78, 0.90},
}

// SkyLighting is the light at fraction t (0 midnight … 1) of the day:
// the first day group's SkyTimeOfDay entries interpolated linearly
// between the two around t (wrapping past midnight), as retail's
// SkyDesc::GetLighting blends the entries' brightness, colours, sun
// heading and pitch and fog. The sun points from heading DirHeading
// (degrees clockwise from north) and DirPitch degrees above the horizon.
// The sky gradient runs from the fog colour at the horizon to the
// ambient colour scaled toward blue overhead.
func SkyLighting(sky *dat.SkyDesc, t float32) Lighting {
	if sky == nil || len(sky.DayGroups) == 0 || len(sky.DayGroups[0].SkyTimes) == 0 {
		return DefaultLighting
	}
	times := sky.DayGroups[0].SkyTimes
	t -= float32(math.Floor(float64(t)))
	ai, bi, f := skySpan(times, t)
	a, b := &times[ai], &times[bi]
	lerp := func(x, y float32) float32 { return x + float32((y-x)*f) }
	lc := func(x, y uint32) rgb {
		cx, cy := rgbOf(x), rgbOf(y)
		return rgb{lerp(cx.R, cy.R), lerp(cx.G, cy.G), lerp(cx.B, cy.B)}
	}
	heading := lerpAngle(a.DirHeading, b.DirHeading, f)
	pitch := lerp(a.DirPitch, b.DirPitch)
	l := Lighting{
		SunDir:  SunDirection(heading, pitch),
		Sun:     scaleRGB(lc(a.DirColor, b.DirColor), lerp(a.DirBright, b.DirBright)),
		Ambient: scaleRGB(lc(a.AmbColor, b.AmbColor), lerp(a.AmbBright, b.AmbBright)),
		Fog:     lc(a.WorldFogColor, b.WorldFogColor),
		FogMin:  lerp(a.MinWorldFog, b.MinWorldFog),
		FogMax:  lerp(a.MaxWorldFog, b.MaxWorldFog),
	}
	l.SkyHorizon = l.Fog
	l.SkyTop = rgb{min(l.Ambient.R*0.6, 1), min(l.Ambient.G*0.75, 1), min(float32(l.Ambient.B*1.1)+0.1, 1)}
	return l
}

// SunDirection is the unit vector toward a sun at heading degrees
// clockwise from north (+y) and pitch degrees above the horizon.
func SunDirection(heading, pitch float32) physics.Vec3 {
	sh, ch := math.Sincos(float64(heading) * math.Pi / 180)
	sp, cp := math.Sincos(float64(pitch) * math.Pi / 180)
	return physics.Vec3{X: float32(sh * cp), Y: float32(ch * cp), Z: float32(sp)}
}

// lerpAngle interpolates degrees the short way round.
func lerpAngle(a, b, f float32) float32 {
	d := float32(math.Mod(float64(b-a)+540, 360) - 180)
	return a + float32(d*f)
}

func scaleRGB(c rgb, s float32) rgb { return rgb{c.R * s, c.G * s, c.B * s} }

// FogRGB returns the fog colour's components (0..1).
func (l *Lighting) FogRGB() (r, g, b float32) { return l.Fog.R, l.Fog.G, l.Fog.B }

// FogAt is the fog amount (0 clear … 1 only fog) at camera distance d.
func (l *Lighting) FogAt(d float32) float32 {
	if l.FogMax <= l.FogMin || l.FogMax <= 0 {
		return 0
	}
	return min(max((d-l.FogMin)/(l.FogMax-l.FogMin), 0), 1)
}

// light is the colour a surface with unit normal n (render space) takes
// under l: ambient plus the sun by Lambert's law, then raised toward
// full bright by its luminosity.
func (l *Lighting) light(n physics.Vec3, lum float32) rgb {
	// Products are rounded (float32(a*b)) before they are added: no fused
	// multiply-add, the same bits on every target as on amd64
	// (docs/architecture.md, "No fused multiply-add").
	d := max(0, n.Dot(l.SunDir))
	c := rgb{l.Ambient.R + float32(l.Sun.R*d), l.Ambient.G + float32(l.Sun.G*d), l.Ambient.B + float32(l.Sun.B*d)}
	if lum > 0 {
		c = rgb{lum + float32((1-lum)*c.R), lum + float32((1-lum)*c.G), lum + float32((1-lum)*c.B)}
	}
	return rgb{min(c.R, 1), min(c.G, 1), min(c.B, 1)}
}
