#version 300 es
// BlurRecipe step 3: bilinear read-back of the blurred low-resolution alpha at (p + 0.5) / factor − 0.5,
// p = pixel − origin − offset; transparent outside. Result = color × alpha × clip.
precision highp float;
precision highp sampler2D;
#include "clip.glsl"
#include "blur.glsl"

uniform sampler2D u_blurred;
uniform vec4 u_channel;
/// origin + offset, in target pixels.
uniform vec2 u_origin;
uniform float u_factor;
uniform vec4 u_color;
out vec4 fragColor;

void main() {
    vec2 pixel = targetPixel();
    vec2 p = floor(pixel) - u_origin;
    vec2 lc = (p + 0.5) / u_factor - 0.5;
    vec2 base = floor(lc);
    vec2 f = lc - base;
    ivec2 b = ivec2(base);
    float a00 = fetchChannel(u_blurred, b, u_channel);
    float a10 = fetchChannel(u_blurred, b + ivec2(1, 0), u_channel);
    float a01 = fetchChannel(u_blurred, b + ivec2(0, 1), u_channel);
    float a11 = fetchChannel(u_blurred, b + ivec2(1, 1), u_channel);
    float a = mix(mix(a00, a10, f.x), mix(a01, a11, f.x), f.y);
    fragColor = u_color * (a * clipCoverage(pixel));
}
