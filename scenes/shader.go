package scenes

import (
	"fmt"
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
// the texel's alpha — retail's alpha-test state.
var worldShaderSrc = fmt.Sprintf(`//kage:unit pixels

package main

var Fog vec3
var Linear float

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	uv := custom.xy/custom.z + imageSrc0Origin()
	c := imageSrc0At(uv)
	if Linear > 0 {
		// Bilinear: the renderer keeps every coordinate half a texel
		// inside its texture, so the four taps never reach a neighbour
		// in the atlas.
		uv -= 0.5
		f := fract(uv)
		p := floor(uv) + 0.5
		c = mix(mix(imageSrc0At(p), imageSrc0At(p+vec2(1, 0)), f.x),
			mix(imageSrc0At(p+vec2(0, 1)), imageSrc0At(p+vec2(1, 1)), f.x), f.y)
	}
	fog := custom.w
	if fog >= %[3]v {
		fog -= %[1]v
		if c.a < %[2]v {
			discard()
		}
		c = vec4(c.rgb/c.a, 1)
	}
	rgb := mix(c.rgb*color.rgb, Fog*c.a, fog)
	return vec4(rgb*color.a, c.a*color.a)
}
`, float32(view.AlphaTestFog), float32(view.AlphaTestRef), float32(view.AlphaTestFog)/2)

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
