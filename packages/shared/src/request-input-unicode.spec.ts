import { INVALID_UNICODE_MESSAGE, inputProblem, NUL_MESSAGE } from './request-input';

describe(`${inputProblem.name} and Unicode`, () => {
  it('refuses a lone surrogate anywhere in a parsed body, in values and in names', () => {
    for (const body of [
      JSON.parse('{"email":"a\\ud800@example.org"}'),
      JSON.parse('{"tags":[{"name":"\\udfff"}]}'),
      JSON.parse('{"\\ud83d":"x"}'),
      JSON.parse('"\\ud800"'),
    ]) {
      expect(inputProblem(body)).toBe(INVALID_UNICODE_MESSAGE);
    }
  });

  it('takes any valid text, emoji (a surrogate pair) included', () => {
    expect(inputProblem(JSON.parse('{"title":"Oma \\ud83d\\udc75 in Łódź, 東京"}'))).toBeNull();
    expect(inputProblem({ title: 'Grandma 👵', list: ['é', '𝄞'] })).toBeNull();
  });

  it('still names a null character first when it comes first', () => {
    expect(inputProblem({ a: 'x\u0000' })).toBe(NUL_MESSAGE);
  });
});
