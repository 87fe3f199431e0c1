// TypeBox's interpreter, handed to `validate` when this module loads (./deferred-interpreter.ts reads it):
// imported statically by the screens that always need it, fetched on demand by the others.
import { Settings } from 'typebox/system';
import Value from 'typebox/value';
import { provideInterpreter } from './interpreter-slot.ts';

// TypeBox stops collecting errors at 8, and a blank required text breaks two rules (length and
// pattern): without a higher limit a form of five or more empty fields lost the later messages.
Settings.Set({ maxErrors: 100 });

provideInterpreter(Value);
