// The owner's 'Find by pickup code' box (issue 30), on the Orders tab and the orders board: codes read in capitals
// and monospace, as the counter shows them.
import { Search } from 'lucide-react';
import { Input } from '../../ui/Input';
import { Label } from '../../ui/Label';

export function PickupCodeSearch(props: {
  id: string;
  value: string;
  onChange: (value: string) => void;
  className?: string;
}) {
  return (
    <div className={`relative w-full ${props.className ?? ''}`}>
      <Label htmlFor={props.id} className="sr-only">
        Find by pickup code
      </Label>
      <Search className="pointer-events-none absolute top-3 left-3 h-4 w-4 text-espresso-500" aria-hidden />
      <Input
        id={props.id}
        type="search"
        placeholder="Find by pickup code"
        autoComplete="off"
        autoCapitalize="characters"
        spellCheck={false}
        value={props.value}
        onChange={(event) => props.onChange(event.target.value)}
        className="pl-9 font-mono uppercase placeholder:font-sans placeholder:normal-case"
      />
    </div>
  );
}
