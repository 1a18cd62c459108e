#version 300 es
// A color through an 8-bit coverage mask (R8 texture) placed at an integer pixel origin.
precision highp float;
precision highp sampler2D;
#include "clip.glsl"

uniform sampler2D u_mask;
uniform ivec2 u_origin;
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    vec2 pixel = targetPixel();
    ivec2 m = ivec2(floor(pixel)) - u_origin;
    ivec2 size = textureSize(u_mask, 0);
    float a = 0.0;
    if (m.x >= 0 && m.y >= 0 && m.x < size.x && m.y < size.y) {
        a = texelFetch(u_mask, m, 0).r;
    }
    fragColor = u_color * (a * clipCoverage(pixel));
}
