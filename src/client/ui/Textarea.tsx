// The multi-line text input primitive.
import { forwardRef, type TextareaHTMLAttributes } from 'react';
import { cn } from './cn';
import { inputClass } from './Input';

export const Textarea = forwardRef<HTMLTextAreaElement, TextareaHTMLAttributes<HTMLTextAreaElement>>(
  ({ className, ...props }, ref) => <textarea ref={ref} className={cn(inputClass, className)} {...props} />,
);
Textarea.displayName = 'Textarea';
