# not-cpython: display() is a builtin in IPython, as in msrepl, but not in CPython.
# display() and IPython.display in a terminal: every value shows as its
# text/plain rendering, updates show again, and clear_output does nothing.
from IPython.display import HTML, Markdown, Math, Latex, SVG, DisplayHandle, clear_output as co
import IPython.display as ipd

display(1, 'two', [3])
display(HTML('<b>bold</b>'), Markdown('*m*'), Math('x^2'), Latex('$y$'), SVG('<svg/>'))
h = display('first', display_id=True)
print(type(h).__name__, len(h.display_id))
h.update('second')
h.display('third')
named = display('x', display_id='mine')
print(named.display_id, named)
update_display('y', display_id='mine')
clear_output()
co(wait=True)
print(display() is None)

class Card:
    def _repr_html_(self):
        return '<i>card</i>'
    def __repr__(self):
        return 'Card()'

display(Card())
Card()
print(ipd.display is display)
try:
    display(1, display_id=3)
except TypeError as e:
    print('TypeError:', e)
try:
    display(1, colour='red')
except TypeError as e:
    print('TypeError:', e)
try:
    ipd.Image(filename='no_such_image.png')
except FileNotFoundError as e:
    print('FileNotFoundError:', e)
DisplayHandle('d1')
