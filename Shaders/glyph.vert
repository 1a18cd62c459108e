#version 300 es
// Glyph quads (GlyphRun), one instance each: a_bounds = the pixels drawn (minX, minY, maxX, maxY) in target
// pixels; a_glyph = (the glyph's top-left target pixel, its top-left texel in the atlas layer); a_layer = the
// atlas layer; a_color = what each texel is multiplied by (premultiplied). The atlas position is interpolated
// from the corners, so each pixel center lands on its texel's center (nearest filtering).
layout(location = 0) in vec4 a_bounds;
layout(location = 1) in vec4 a_glyph;
layout(location = 2) in vec4 a_color;
layout(location = 3) in float a_layer;
uniform vec2 u_targetSize;
out vec2 v_texel;
flat out float v_layer;
flat out vec4 v_color;

void main() {
    vec2 corner = vec2(float(gl_VertexID & 1), float(gl_VertexID >> 1));
    vec2 p = mix(a_bounds.xy, a_bounds.zw, corner);
    gl_Position = vec4(p / u_targetSize * 2.0 - 1.0, 0.0, 1.0);
    v_texel = p - a_glyph.xy + a_glyph.zw;
    v_layer = a_layer;
    v_color = a_color;
}
