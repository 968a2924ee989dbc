package scenes

import (
	"fmt"
	"math"
	"sync"

	"github.com/dereth/dereth/scenes/view"

	"github.com/hajimehoshi/ebiten/v2"
)

// worldShaderSrc is the world's Kage shader: a perspective-correct atlas
// lookup. The renderer puts each vertex's atlas coordinate divided by its
// camera depth in custom.xy and the inverse depth in custom.z; those
// interpolate linearly in screen space, so custom.xy / custom.z is the
// coordinate at every pixel (DrawTriangles alone interpolates the atlas
// coordinate affinely, which swims across triangles as large as a
// landscape cell seen close up). The texture is filtered bilinearly
// (Linear 1) or read at the nearest texel (Linear 0); the
// texel is then scaled by the vertex
// colour (straight alpha, like DrawTriangles' default), mixed toward the
// Fog colour by custom.w (the vertex's fog amount, view.Lighting.FogAt)
// and written premultiplied. A vertex whose custom.w carries
// view.AlphaTestFog belongs to an alpha-tested (clip-map) surface: a texel
// whose alpha is below view.AlphaTestRef is discarded and the rest is
// drawn opaque (its straight colour at the vertex alpha), not blended by
// the texel's alpha — retail's alpha-test state. A vertex whose custom.w
// carries view.DetailFog is terrain with a detail texture: its srcPos
// packs the cell texture's atlas origin and a slot of the Detail uniform
// (atlas origin, side, repeats per cell); the detail texture, wrapped,
// multiplies the texel by twice its luminance, fading to no change
// between view.DetailNear and view.DetailFar units from the eye.
//
// Mode selects the pass (view.Renderer.Depth): 0 draws the colour with no
// depth test; 2 and 3 build the depth buffer from the opaque triangles,
// the high byte of each pixel's view.DepthCode into image 1 and then, for
// the fragments whose high byte is the one stored there, the low byte
// into image 2, both blended by maximum (the nearest wins); 1 draws the
// colour where the fragment's code is within view.DepthSlack of the code
// stored in images 1 and 2 (the nearest opaque surface). Alpha-tested
// texels are discarded in the depth passes too.
var worldShaderSrc = fmt.Sprintf(`//kage:unit pixels

package main

var Fog vec3
var Linear float
var Detail [%[4]d]vec4
var Mode float

// depthCode is view.DepthCode of an inverse camera depth iz: the
// nearness 1 − ln(z/near)/ln(far/near) in 16 bits.
func depthCode(iz float) float {
	n := clamp(1+log(iz*%[11]v)/%[12]v, 0, 1)
	return floor(n * %[13]v)
}

// storedDepth reads back a depth byte (0…255) written as byte/255.
func storedDepth(v vec4) float {
	return floor(v.r*255 + 0.5)
}

// tap reads the atlas at uv (pixels, the image's origin added), filtered
// bilinearly when Linear is set.
func tap(uv vec2) vec4 {
	if Linear > 0 {
		// Bilinear: the renderer keeps every coordinate half a texel
		// inside its texture, or (merged cell textures, which span
		// their cell edge to edge) packs a border around it, so the
		// four taps never reach a neighbour in the atlas.
		uv -= 0.5
		f := fract(uv)
		p := floor(uv) + 0.5
		return mix(mix(imageSrc0At(p), imageSrc0At(p+vec2(1, 0)), f.x),
			mix(imageSrc0At(p+vec2(0, 1)), imageSrc0At(p+vec2(1, 1)), f.x), f.y)
	}
	return imageSrc0At(uv)
}

// detailAt reads a detail texture (origin o, side n texels) at t texels,
// wrapping: a bilinear tap's four texels wrap within the texture.
func detailAt(o vec2, n float, t vec2) vec4 {
	base := o + imageSrc0Origin()
	if Linear > 0 {
		t -= 0.5
		f := fract(t)
		p := floor(t)
		p0 := mod(p, n) + 0.5
		p1 := mod(p+1, n) + 0.5
		return mix(mix(imageSrc0At(base+p0), imageSrc0At(base+vec2(p1.x, p0.y)), f.x),
			mix(imageSrc0At(base+vec2(p0.x, p1.y)), imageSrc0At(base+p1), f.x), f.y)
	}
	return imageSrc0At(base + mod(floor(t), n) + 0.5)
}

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	cuv := custom.xy / custom.z
	if Mode >= 1 {
		q := depthCode(custom.z)
		// The depth images' pixel under this one, in image 0's texture
		// coordinates as imageSrc1At and imageSrc2At take them.
		p := dstPos.xy - imageDstOrigin() + imageSrc0Origin()
		if Mode >= 2 {
			if custom.w >= %[3]v && custom.w < %[5]v && tap(cuv+imageSrc0Origin()).a < %[2]v {
				discard()
			}
			hi := floor(q / 256)
			if Mode >= 3 {
				if hi != storedDepth(imageSrc1At(p)) {
					discard()
				}
				return vec4((q-hi*256)/255, 0, 0, 1)
			}
			return vec4(hi/255, 0, 0, 1)
		}
		if q < storedDepth(imageSrc1At(p))*256+storedDepth(imageSrc2At(p))-%[14]v {
			discard()
		}
	}
	c := tap(cuv + imageSrc0Origin())
	fog := custom.w
	if fog >= %[5]v {
		// Terrain with a detail texture: srcPos packs the cell texture's
		// atlas origin and the detail slot (view.DetailFog).
		fog -= %[6]v
		near := clamp((%[10]v-1/custom.z)/(%[10]v-%[9]v), 0, 1)
		if near > 0 {
			sp := srcPos - imageSrc0Origin()
			slot := floor((sp.x + 0.5) / %[7]v)
			org := vec2(sp.x-slot*%[7]v, sp.y)
			d := vec4(0)
			for i := 0; i < %[4]d; i++ {
				if float(i) == slot {
					d = Detail[i]
				}
			}
			if d.z > 0 {
				local := (cuv - org) / %[8]v
				det := detailAt(d.xy, d.z, fract(local*d.w)*d.z)
				// Modulate 2×: the detail's mid grey leaves the colour
				// as it is; it fades to mid grey with distance.
				k := mix(1, 2*dot(det.rgb, vec3(0.299, 0.587, 0.114)), near)
				c = vec4(c.rgb*k, c.a)
			}
		}
	} else if fog >= %[3]v {
		fog -= %[1]v
		if c.a < %[2]v {
			discard()
		}
		c = vec4(c.rgb/c.a, 1)
	}
	rgb := mix(c.rgb*color.rgb, Fog*c.a, fog)
	return vec4(rgb*color.a, c.a*color.a)
}
`, float32(view.AlphaTestFog), float32(view.AlphaTestRef), float32(view.AlphaTestFog)/2, view.MaxDetail,
	float32(view.DetailFog)-0.5, float32(view.DetailFog), float32(view.DetailSlotStride), float32(view.LandTexSize),
	float32(view.DetailNear), float32(view.DetailFar),
	float32(view.DepthNear), float32(math.Log(view.DepthFar/view.DepthNear)), float32(view.DepthMax), float32(view.DepthSlack))

var (
	shaderOnce sync.Once
	shader     *ebiten.Shader
	shaderErr  error
)

// worldShader compiles the world shader once; on a failure the world is
// drawn with DrawTriangles32 (affine texture coordinates).
func worldShader() (*ebiten.Shader, error) {
	shaderOnce.Do(func() { shader, shaderErr = ebiten.NewShader([]byte(worldShaderSrc)) })
	return shader, shaderErr
}
