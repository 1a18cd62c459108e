#version 300 es
// A glyph from the glyph atlas (an RGBA8 array texture: coverage c stored as (c, c, c, c), color glyphs
// premultiplied): color × texel × clip, as GlyphRunRasterizer computes it on the CPU.
precision highp float;
precision highp sampler2DArray;
#include "clip.glsl"

uniform sampler2DArray u_glyphs;
flat in ivec4 v_glyph;
flat in int v_layer;
flat in vec4 v_color;
out vec4 fragColor;

void main() {
    vec2 pixel = targetPixel();
    ivec2 texel = ivec2(floor(pixel)) - v_glyph.xy + v_glyph.zw;
    vec4 t = texelFetch(u_glyphs, ivec3(texel, v_layer), 0);
    fragColor = v_color * (t * clipCoverage(pixel));
}
