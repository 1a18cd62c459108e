#version 300 es
// BlurRecipe step 1: each low-resolution pixel is the mean of its factor × factor source block
// (pixels past the source edge are transparent).
precision highp float;
precision highp sampler2D;
#include "blur.glsl"

uniform sampler2D u_source;
uniform vec4 u_channel;
uniform int u_factor;
out vec4 fragColor;

void main() {
    ivec2 base = ivec2(floor(gl_FragCoord.xy)) * u_factor;
    float sum = 0.0;
    for (int j = 0; j < u_factor; ++j) {
        for (int i = 0; i < u_factor; ++i) {
            sum += fetchChannel(u_source, base + ivec2(i, j), u_channel);
        }
    }
    fragColor = vec4(sum / float(u_factor * u_factor));
}
