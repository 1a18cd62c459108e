#version 300 es
// The opaque pass: a flat color, exactly what shape.frag gives at coverage 1 for the same fill.
precision highp float;
precision highp sampler2D;
flat in vec4 v_color;
out vec4 fragColor;

void main() {
    fragColor = v_color;
}
