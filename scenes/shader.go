package scenes

import (
	"sync"

	"github.com/hajimehoshi/ebiten/v2"
)

// worldShaderSrc is the world's Kage shader: a perspective-correct atlas
// lookup. The renderer puts each vertex's atlas coordinate divided by its
// camera depth in custom.xy and the inverse depth in custom.z; those
// interpolate linearly in screen space, so custom.xy / custom.z is the
// coordinate at every pixel (DrawTriangles alone interpolates the atlas
// coordinate affinely, which swims across triangles as large as a
// landscape cell seen close up). The texel is then scaled by the vertex
// colour (straight alpha, like DrawTriangles' default) and written
// premultiplied.
const worldShaderSrc = `//kage:unit pixels

package main

func Fragment(dstPos vec4, srcPos vec2, color vec4, custom vec4) vec4 {
	uv := custom.xy / custom.z
	c := imageSrc0At(uv + imageSrc0Origin())
	return vec4(c.rgb*color.rgb*color.a, c.a*color.a)
}
`

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
