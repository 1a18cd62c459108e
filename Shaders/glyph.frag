#version 300 es
// A glyph from the glyph atlas (an RGBA8 array texture: coverage c stored as (c, c, c, c), color glyphs
// premultiplied): color × texel × clip, as GlyphRunRasterizer computes it on the CPU.
precision highp float;
precision highp sampler2DArray;
#include "clip.glsl"

uniform sampler2DArray u_glyphs;
in vec2 v_texel;
flat in float v_layer;
flat in vec4 v_color;
out vec4 fragColor;

void main() {
    vec2 pixel = targetPixel();
    vec4 t = texture(u_glyphs, vec3(v_texel / vec2(textureSize(u_glyphs, 0).xy), v_layer));
    fragColor = v_color * (t * clipCoverage(pixel));
}
